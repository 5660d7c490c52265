import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageBody } from "@/components/tickets/conversation/message-body";
import { formatBody, plainBody, type BodyNode } from "@/lib/messages/format-body";

// The customer's own HTML (issue 34 §1.5): b, strong, em, u, code and del render as such; an <a>
// only as its own http(s)/mailto address; every other tag, an unclosed one and entities as text.
const html = (body: string) => renderToStaticMarkup(createElement(MessageBody, { body }));
const inner = (body: string) => html(body).replace(/^<span[^>]*>|<\/span>$/g, "");
const tagsIn = (markup: string) => [...markup.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1].toLowerCase());
const links = (nodes: BodyNode[]): string[] =>
  nodes.flatMap((n) => (typeof n === "string" ? [] : n.tag === "a" ? [n.href] : links(n.children)));
const LINK = 'target="_blank" rel="noopener noreferrer"';

describe("customer HTML: the allowed tags", () => {
  it("renders b, strong, em, u, code and del as such, in any case", () => {
    expect(inner("<b>oi</b> <strong>forte</strong> <em>ênfase</em> <u>sub</u> <del>riscado</del>")).toBe(
      "<strong>oi</strong> <strong>forte</strong> <em>ênfase</em> <u>sub</u> <del>riscado</del>",
    );
    expect(inner("<B>oi</B> <Em >x</eM>")).toBe("<strong>oi</strong> <em>x</em>");
    expect(inner("<code>a <b>b</b></code>")).toMatch(/^<code[^>]*>a &lt;b&gt;b&lt;\/b&gt;<\/code>$/);
  });

  it("nests them, and with WhatsApp's own markup", () => {
    expect(inner("<b>a <em>b <u>c</u></em></b>")).toBe("<strong>a <em>b <u>c</u></em></strong>");
    expect(inner("<b><b>x</b></b>")).toBe("<strong><strong>x</strong></strong>");
    expect(inner("*<em>x</em>* _<b>y</b>_ ~<u>z</u>~")).toBe("<strong><em>x</em></strong> <em><strong>y</strong></em> <del><u>z</u></del>");
    expect(inner("<b>*negrito* e _itálico_</b>")).toBe("<strong><strong>negrito</strong> e <em>itálico</em></strong>");
  });

  it("keeps WhatsApp's markup as the conversation did", () => {
    expect(inner("*bold* _italic_ ~strike~")).toBe("<strong>bold</strong> <em>italic</em> <del>strike</del>");
    expect(inner("```*mono*```")).toMatch(/^<code[^>]*>\*mono\*<\/code>$/);
    expect(inner("`<b>x</b>`")).toMatch(/^<code[^>]*>&lt;b&gt;x&lt;\/b&gt;<\/code>$/);
  });

  it("shows unclosed, stray, crossed and attributed tags as text", () => {
    expect(inner("<b>sem fim *x*")).toBe("&lt;b&gt;sem fim <strong>x</strong>");
    expect(inner("fim</b> <u>")).toBe("fim&lt;/b&gt; &lt;u&gt;");
    expect(inner("<b>a<em>b</b>c</em>")).toBe("<strong>a&lt;em&gt;b</strong>c&lt;/em&gt;");
    expect(inner('<b class="x">y</b> <i>z</i> <s>w</s>')).toBe("&lt;b class=&quot;x&quot;&gt;y&lt;/b&gt; &lt;i&gt;z&lt;/i&gt; &lt;s&gt;w&lt;/s&gt;");
  });

  it("never decodes entities: they are shown as typed and never become a tag", () => {
    expect(formatBody("&lt;b&gt;x&lt;/b&gt; &amp; &#60;script&#62;")).toEqual(["&lt;b&gt;x&lt;/b&gt; &amp; &#60;script&#62;"]);
    expect(inner("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;");
  });
});

describe("customer HTML: links", () => {
  it("shows a link as its own address, opened in a new tab", () => {
    expect(inner('<a href="https://example.com/a">https://example.com/a</a>')).toBe(`<a href="https://example.com/a" ${LINK} class="break-all text-sky-700 underline underline-offset-2 dark:text-sky-400">https://example.com/a</a>`);
    expect(inner("<a href=mailto:ana@example.com>mailto:ana@example.com</a>")).toMatch(/^<a href="mailto:ana@example.com"[^>]*>mailto:ana@example.com<\/a>$/);
  });

  it("shows the real address, never a text that differs from it", () => {
    const out = inner('<a href="https://golpe.example/login" target="_blank">https://banco.com.br</a> e <a href=\'http://x.io\'>clique aqui</a>');
    expect(out).toMatch(/^<a href="https:\/\/golpe.example\/login"[^>]*>https:\/\/golpe.example\/login<\/a> e <a href="http:\/\/x.io\/"[^>]*>http:\/\/x.io\/<\/a>$/);
    expect(out).not.toContain("banco.com.br");
    expect(out).not.toContain("clique aqui");
    // an address in another script is shown as the browser will reach it (punycode), not as it looks
    expect(inner('<a href="https://bаnco.com">x</a>')).toContain(">https://xn--bnco-53d.com/</a>");
  });

  it("never makes an href of javascript:, data:, vbscript: or other schemes, however written", () => {
    const hostile = [
      '<a href="javascript:alert(1)">clique</a>',
      "<a href='JaVaScRiPt:alert(document.cookie)'>x</a>",
      "<a href=javascript:alert(1)>javascript:alert(1)</a>",
      '<a href="  java\tscript:alert(1)">x</a>',
      '<a href="&#106;avascript:alert(1)">x</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<a href="vbscript:msgbox(1)">x</a>',
      '<a href="file:///etc/passwd">x</a>',
      '<a href="//evil.example">x</a>',
      "<a>sem href</a>",
    ];
    for (const body of hostile) {
      expect(links(formatBody(body))).toEqual([]);
      const out = html(body);
      expect(out).not.toContain("<a ");
      expect(out).not.toMatch(/<[a-z]+\s[^>]*href=/i);
    }
    // shown as the text it is, so the agent sees what came
    expect(inner('<a href="javascript:alert(1)">clique</a>')).toBe("&lt;a href=&quot;javascript:alert(1)&quot;&gt;clique&lt;/a&gt;");
  });

  it("reads only the href of an <a>, and a close inside an attribute does not end it", () => {
    const out = inner('<a title="</a>" onclick="alert(1)" href="https://ok.example">x</a>');
    expect(out).toMatch(/^<a href="https:\/\/ok.example\/" target="_blank" rel="noopener noreferrer"[^>]*>https:\/\/ok.example\/<\/a>$/);
    expect(out).not.toContain("onclick");
  });
});

describe("customer HTML: hostile bodies", () => {
  const attacks = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "<b><img src=x onerror=alert(1)></b>",
    "<em><script>alert(1)</script></em>",
    '<u><svg onload=alert(1)></u> <del><iframe srcdoc="<script>x()</script>"></iframe></del>',
    '<b onclick="alert(1)">x</b> <strong style="background:url(javascript:alert(1))">y</strong>',
    '"><svg/onload=alert(1)>',
    "<b>" + "<em>".repeat(40) + "x" + "</em>".repeat(40) + "</b>",
  ];

  it("creates no other element, no event handler and no javascript: href", () => {
    for (const body of attacks) {
      const out = html(body);
      expect(out).not.toMatch(/<(script|img|iframe|svg|style)/i);
      expect(out).not.toMatch(/<[a-z][^>]*\s(on\w+|style)=/i);
      expect(out).not.toContain("javascript:alert(1)\"");
      for (const tag of tagsIn(out)) expect(["span", "strong", "em", "u", "del", "code", "a"]).toContain(tag);
    }
    expect(inner("<b><img src=x onerror=alert(1)></b>")).toBe("<strong>&lt;img src=x onerror=alert(1)&gt;</strong>");
  });

  it("stays fast on thousands of tags and markers (a slow body would freeze the agent's browser)", () => {
    expect(formatBody("<b>".repeat(20000))).toEqual(["<b>".repeat(20000)]);
    expect(formatBody("*a ".repeat(20000))).toEqual(["*a ".repeat(20000)]);
    const deep = formatBody("<b>".repeat(5000) + "x" + "</b>".repeat(5000));
    expect(plainBody("<b>".repeat(5000) + "x" + "</b>".repeat(5000))).toBe("x");
    expect(deep).toHaveLength(1);
  });
});

describe("plainBody (list previews)", () => {
  it("shows no markup: tags stripped, allowed or not, WhatsApp markers dropped", () => {
    expect(plainBody('<b>oi</b> <a href="javascript:alert(1)">clique</a> *negrito*')).toBe("oi clique negrito");
    expect(plainBody("<script>alert(1)</script><img src=x onerror=alert(1)>fim")).toBe("alert(1)fim");
    expect(plainBody('<a href="https://golpe.example">https://banco.com.br</a>')).toBe("https://golpe.example/");
    expect(plainBody("2 < 3 e 5 > 4")).toBe("2 < 3 e 5 > 4");
  });
});
