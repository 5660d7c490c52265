import { NextIntlClientProvider } from "next-intl";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ConversationMessage } from "@/components/tickets/conversation/conversation-types";
import { MessageBubble } from "@/components/tickets/conversation/message-bubble";
import { QuotedMessage } from "@/components/tickets/conversation/quoted-message";
import { PeekMessage } from "@/components/tickets/list/peek-message";
import messages from "@/messages/pt.json";

// One formatter (issue 34 §1.5): the conversation's bubble, the admin's peek and a quoted reply draw
// the same body, special bodies included, identically.
const base: ConversationMessage = {
  id: 1, wid: "w1", ticketId: 1, body: "", fromMe: false, read: true, mediaType: null, mediaUrl: null, ack: 0, isDeleted: false,
  isEdited: false, createdAt: new Date(2024, 4, 1, 14, 7).toISOString(), sendStatus: null, sendError: null, quotedMsg: null, contact: null,
};
const noop = () => {};
const wrap = (el: ReactElement) => {
  const props = { locale: "pt", messages, timeZone: "America/Sao_Paulo", children: el };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, props));
};

// the message-content element of a rendering, with everything inside it
function content(markup: string): string {
  const start = markup.indexOf('<div class="contents" data-testid="message-content">');
  expect(start).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (const m of markup.slice(start).matchAll(/<(\/?)div[\s>]/g)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return markup.slice(start, start + m.index + "</div>".length);
  }
  throw new Error("unclosed message-content");
}

function threePlaces(body: string, mediaType: string | null = null) {
  const message = { ...base, body, mediaType };
  const bubble = wrap(createElement(MessageBubble, { message, first: true, isGroup: false, contactName: "Maria", onReply: noop, canWrite: false, onDelete: noop, onJump: noop }));
  const peek = wrap(createElement(PeekMessage, { message }));
  const quote = wrap(createElement(QuotedMessage, { quoted: { id: 9, body, fromMe: false, mediaType }, contactName: "Maria", onJump: noop }));
  return { bubble: content(bubble), peek: content(peek), quote: content(quote), peekAll: peek, quoteAll: quote };
}

const BODIES: [string, string | null][] = [
  ['<b>oi</b> <a href="javascript:alert(1)">clique</a> *negrito*', null],
  ["<script>alert(1)</script> <img src=x onerror=alert(1)> _itálico_ ~riscado~ ```mono```", null],
  ['<a href="https://golpe.example">https://banco.com.br</a> <u>sub</u> <b>sem fim', null],
  ["&lt;b&gt; &amp; <em><code>x</code></em> https://example.com/a_b", null],
  ["|https://maps.google.com/maps?q=-23.5%2C-46.6|Av. *Paulista*, <b>1000</b>", "locationMessage"],
  ["BEGIN:VCARD\nVERSION:3.0\nFN:Ana <b>Souza</b>\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD", "vcard"],
];

describe("the same content in the bubble, the peek and a quoted reply", () => {
  it("renders each body identically in the three places", () => {
    for (const [body, mediaType] of BODIES) {
      const { bubble, peek, quote } = threePlaces(body, mediaType);
      expect(peek).toBe(bubble);
      expect(quote).toBe(bubble);
    }
  });

  it("formats the peek as the conversation does: no raw markers, no location pipes, no script", () => {
    const { peek } = threePlaces('<b>oi</b> <a href="javascript:alert(1)">clique</a> *negrito*');
    expect(peek).toContain("<strong>oi</strong>");
    expect(peek).toContain("<strong>negrito</strong>");
    expect(peek).not.toContain("*negrito*");
    expect(peek).not.toMatch(/<a\s/);
    const loc = threePlaces("|https://maps.google.com/maps?q=1%2C2|Av. Paulista", "locationMessage");
    expect(loc.peekAll).toContain('data-testid="message-location"');
    expect(loc.peekAll).not.toContain("|https://");
    expect(loc.quoteAll).toContain('href="https://maps.google.com/maps?q=1%2C2"');
    const card = threePlaces("BEGIN:VCARD\nFN:Ana\nTEL;waid=5511999990000:+55\nEND:VCARD", "vcard");
    expect(card.peekAll).toContain("5511999990000");
    expect(card.peekAll).not.toContain("BEGIN:VCARD");
  });

  it("keeps a quote's links clickable outside its jump button", () => {
    const { quoteAll } = threePlaces("veja https://example.com");
    expect(quoteAll).not.toMatch(/<button[^>]*>(?:(?!<\/button>)[\s\S])*<a\s/);
    expect(quoteAll).toMatch(/<a href="https:\/\/example.com\/"/);
  });
});
