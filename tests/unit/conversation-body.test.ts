import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MessageBody } from "@/components/tickets/conversation/message-body";

// The bubble's text as the browser gets it: React elements built from formatBody, never HTML.
const html = (body: string) => renderToStaticMarkup(createElement(MessageBody, { body }));
const tagsIn = (markup: string) => [...markup.matchAll(/<([a-z0-9]+)[\s>]/gi)].map((m) => m[1].toLowerCase());

describe("MessageBody", () => {
  it("renders emphasis, code and links with only the allowed tags", () => {
    const out = html("*olá* _tudo_ ~bem~ `x` https://example.com/a?b=1&c=2");
    expect(out).toContain("<strong>olá</strong>");
    expect(out).toContain("<em>tudo</em>");
    expect(out).toContain("<del>bem</del>");
    expect(out).toMatch(/<code[^>]*>x<\/code>/);
    expect(out).toMatch(/<a href="https:\/\/example.com\/a\?b=1&amp;c=2" target="_blank" rel="noopener noreferrer"[^>]*>https:\/\/example.com\/a\?b=1&amp;c=2<\/a>/);
    for (const tag of tagsIn(out)) expect(["span", "strong", "em", "del", "code", "a"]).toContain(tag);
  });

  it("shows script and HTML as text", () => {
    const attacks = [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      '<a href="javascript:alert(1)">x</a>',
      "*<iframe srcdoc='<script>parent.x()</script>'>*",
      '"><svg/onload=alert(1)>',
    ];
    for (const body of attacks) {
      const out = html(body);
      expect(out).not.toMatch(/<(script|img|iframe|svg)/i);
      // an event handler could only live inside a real tag; escaped text starts with &lt;
      expect(out).not.toMatch(/<[a-z][^>]*\son\w+=/i);
      expect(out).not.toContain('href="javascript');
      for (const tag of tagsIn(out)) expect(["span", "strong", "em", "del", "code", "a"]).toContain(tag);
    }
    expect(html("<script>alert(1)</script>")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("keeps javascript: text unlinked and newlines in the text", () => {
    expect(html("javascript:alert(document.cookie)")).not.toContain("<a ");
    expect(html("a\nb")).toContain("a\nb");
  });
});
