import { describe, expect, it } from "vitest";
import { ALLOWED_BODY_TAGS, formatBody, plainBody, safeHref, type BodyNode } from "@/lib/messages/format-body";

const tagsOf = (nodes: BodyNode[]): string[] =>
  nodes.flatMap((n) => (typeof n === "string" ? [] : n.tag === "a" ? ["a"] : [n.tag, ...tagsOf(n.children)]));
const textOf = (nodes: BodyNode[]): string =>
  nodes.map((n) => (typeof n === "string" ? n : n.tag === "a" ? n.text : textOf(n.children))).join("");
const links = (nodes: BodyNode[]): string[] =>
  nodes.flatMap((n) => (typeof n === "string" ? [] : n.tag === "a" ? [n.href] : links(n.children)));

describe("formatBody emphasis", () => {
  it("turns the WhatsApp markers into tags", () => {
    expect(formatBody("*bold*")).toEqual([{ tag: "strong", children: ["bold"] }]);
    expect(formatBody("_it_ and ~gone~")).toEqual([
      { tag: "em", children: ["it"] },
      " and ",
      { tag: "del", children: ["gone"] },
    ]);
    expect(formatBody("say *hello world*!")).toEqual(["say ", { tag: "strong", children: ["hello world"] }, "!"]);
  });

  it("nests different markers", () => {
    expect(formatBody("*bold _and italic_*")).toEqual([{ tag: "strong", children: ["bold ", { tag: "em", children: ["and italic"] }] }]);
    expect(formatBody("~*x*~")).toEqual([{ tag: "del", children: [{ tag: "strong", children: ["x"] }] }]);
  });

  it("leaves unbalanced and mid-word markers as text", () => {
    expect(formatBody("*open only")).toEqual(["*open only"]);
    expect(formatBody("close only*")).toEqual(["close only*"]);
    expect(formatBody("snake_case_name")).toEqual(["snake_case_name"]);
    expect(formatBody("2*3*4")).toEqual(["2*3*4"]);
    expect(formatBody("* not bold *")).toEqual(["* not bold *"]);
    expect(formatBody("**")).toEqual(["**"]);
    expect(formatBody("*a _b* c_")).toEqual([{ tag: "strong", children: ["a _b"] }, " c_"]);
  });

  it("never spans a line break and keeps newlines in the text", () => {
    expect(formatBody("*one\ntwo*")).toEqual(["*one\ntwo*"]);
    expect(formatBody("line 1\nline 2\n\n*3*")).toEqual(["line 1\nline 2\n\n", { tag: "strong", children: ["3"] }]);
  });
});

describe("formatBody code", () => {
  it("keeps code literal, markers and links included", () => {
    expect(formatBody("run `npm *i*`")).toEqual(["run ", { tag: "code", children: ["npm *i*"] }]);
    expect(formatBody("```a\n*b* https://x.io```")).toEqual([{ tag: "code", children: ["a\n*b* https://x.io"] }]);
    expect(formatBody("*`x`*")).toEqual([{ tag: "strong", children: [{ tag: "code", children: ["x"] }] }]);
  });
});

describe("formatBody links", () => {
  it("links http, https and www addresses, trimming sentence punctuation", () => {
    const nodes = formatBody("see https://example.com/a_b_c?q=1, or www.site.com.br.");
    expect(nodes).toEqual([
      "see ",
      { tag: "a", href: "https://example.com/a_b_c?q=1", text: "https://example.com/a_b_c?q=1" },
      ", or ",
      { tag: "a", href: "https://www.site.com.br/", text: "www.site.com.br" },
      ".",
    ]);
    expect(formatBody("(http://wiki.org/A_(b))")[1]).toEqual({ tag: "a", href: "http://wiki.org/A_(b)", text: "http://wiki.org/A_(b)" });
  });

  it("links inside emphasis and emphasis around links", () => {
    expect(formatBody("*https://x.io*")).toEqual([{ tag: "strong", children: [{ tag: "a", href: "https://x.io/", text: "https://x.io" }] }]);
    expect(formatBody("_see https://x.io/_y_ now_")).toEqual([
      // the underscores inside the address do not count; the one right after it closes
      { tag: "em", children: ["see ", { tag: "a", href: "https://x.io/_y", text: "https://x.io/_y" }] },
      " now_",
    ]);
  });

  it("never links other schemes", () => {
    for (const body of ["javascript:alert(1)", "JaVaScRiPt:alert(document.cookie)", "data:text/html,<script>x</script>", "vbscript:msgbox", "file:///etc/passwd"]) {
      expect(links(formatBody(body))).toEqual([]);
      expect(textOf(formatBody(body))).toBe(body);
    }
    // a scheme glued to an address does not make the address a link
    expect(links(formatBody("javascript:https://x.io"))).toEqual([]);
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("www.ok.com")).toBe("https://www.ok.com/");
  });

  it("stops a link at quotes and angle brackets", () => {
    const nodes = formatBody('https://x.io/"onmouseover="alert(1)');
    expect(links(nodes)).toEqual(["https://x.io/"]);
    expect(textOf(nodes)).toBe('https://x.io/"onmouseover="alert(1)');
    expect(links(formatBody("<a href=https://x.io>y</a>"))).toEqual(["https://x.io/"]);
  });
});

describe("formatBody against injection", () => {
  const attacks = [
    "<script>alert('x')</script>",
    '<img src=x onerror="alert(1)">',
    "<iframe src=//evil></iframe>",
    '<a href="javascript:alert(1)">click</a>',
    "&lt;script&gt;",
  ];

  // the allowed customer tags (b, em, u, code, del, a) are in message-html.test.ts
  it("keeps other HTML as literal text and produces only the allowed tags", () => {
    for (const body of attacks) {
      const nodes = formatBody(body);
      expect(textOf(nodes)).toBe(body);
      for (const tag of tagsOf(nodes)) expect(ALLOWED_BODY_TAGS.has(tag)).toBe(true);
    }
    expect(formatBody("<script>alert('x')</script>")).toEqual(["<script>alert('x')</script>"]);
    expect(formatBody("*<svg onload=alert(1)>*")).toEqual([{ tag: "strong", children: ["<svg onload=alert(1)>"] }]);
  });

  it("gives back an empty list for an empty body", () => {
    expect(formatBody("")).toEqual([]);
  });
});

describe("plainBody", () => {
  it("drops the emphasis markers and tags, and keeps the text and links", () => {
    expect(plainBody("*Ana*: ~ontem~ _sim_ `x` https://a.example/b <b>")).toBe("Ana: ontem sim x https://a.example/b ");
    expect(plainBody("2 * 3 = 6")).toBe("2 * 3 = 6");
  });
});
