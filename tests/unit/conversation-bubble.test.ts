import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ConversationMessage } from "@/components/tickets/conversation/conversation-types";
import { MessageBubble } from "@/components/tickets/conversation/message-bubble";
import { CallLine, TicketNotice } from "@/components/tickets/conversation/message-separators";
import messages from "@/messages/pt.json";

const base: ConversationMessage = {
  id: 1,
  wid: "w1",
  ticketId: 1,
  body: "olá",
  fromMe: false,
  read: true,
  mediaType: null,
  mediaUrl: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  createdAt: new Date(2024, 4, 1, 14, 7).toISOString(),
  sendStatus: null,
  sendError: null,
  quotedMsg: null,
  contact: null,
};

const intl = { locale: "pt", messages, timeZone: "America/Sao_Paulo" } as const;
const wrap = (el: React.ReactElement) => {
  const props = { ...intl, children: el };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, props));
};
const noop = () => {};
const bubble = (over: Partial<ConversationMessage>, extra: { isGroup?: boolean; first?: boolean; canWrite?: boolean } = {}) =>
  wrap(
    createElement(MessageBubble, {
      message: { ...base, ...over },
      first: extra.first ?? true,
      isGroup: extra.isGroup ?? false,
      contactName: "Maria",
      onReply: noop,
      canWrite: extra.canWrite ?? true,
      onDelete: noop,
      onJump: noop,
    }),
  );

describe("MessageBubble", () => {
  it("offers its menu (reply, delete) only to whoever may write in the ticket", () => {
    expect(bubble({ fromMe: true })).toContain('data-testid="message-menu"');
    expect(bubble({ fromMe: true }, { canWrite: false })).not.toContain('data-testid="message-menu"');
  });

  it("shows the text, the time and, for own messages, the ticks", () => {
    const theirs = bubble({});
    expect(theirs).toContain("olá");
    expect(theirs).toContain("14:07");
    expect(theirs).not.toContain("data-ack");
    expect(bubble({ fromMe: true, ack: 4 })).toContain('data-ack="read"');
    expect(bubble({ fromMe: true, ack: 1 })).toContain('aria-label="Enviada"');
    expect(bubble({ fromMe: true, ack: 0 })).toContain('data-ack="pending"');
    expect(bubble({ fromMe: true, sendStatus: "failed", sendError: "boom" })).toContain('data-testid="message-failed"');
  });

  it("marks edited and deleted messages; a deleted one hides its body and media", () => {
    expect(bubble({ isEdited: true })).toContain("Editada");
    const deleted = bubble({ isDeleted: true, body: "segredo", mediaType: "image", mediaUrl: "/api/media/1/x.png" });
    expect(deleted).toContain("Mensagem apagada");
    expect(deleted).not.toContain("segredo");
    expect(deleted).not.toContain("message-image");
  });

  it("names the sender in groups and shows the quoted message", () => {
    const html = bubble({ contact: { id: 3, name: "João" }, quotedMsg: { id: 9, body: "pergunta", fromMe: true, mediaType: null } }, { isGroup: true });
    expect(html).toContain("João");
    expect(html).toContain("pergunta");
    expect(html).toContain("Você");
    expect(bubble({ contact: { id: 3, name: "João" } }, { isGroup: true, first: false })).not.toContain("João");
  });

  it("draws each media type", () => {
    expect(bubble({ mediaType: "audio", mediaUrl: "/api/media/1/a.mp3", body: "" })).toMatch(/<audio[^>]*src="\/api\/media\/1\/a.mp3"/);
    expect(bubble({ mediaType: "video", mediaUrl: "/api/media/1/v.mp4", body: "legenda" })).toMatch(/<video[^>]*src="\/api\/media\/1\/v.mp4"[\s\S]*legenda/);
    expect(bubble({ mediaType: "application", mediaUrl: "/api/media/1/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-nota.pdf", body: "" })).toMatch(/<a href="[^"]+" download="nota.pdf"/);
    const loc = bubble({ mediaType: "locationMessage", body: "|https://maps.google.com/maps?q=1%2C2|Av. Paulista" });
    expect(loc).toContain("Av. Paulista");
    expect(loc).toContain('href="https://maps.google.com/maps?q=1%2C2"');
    expect(loc).not.toContain("|");
    const card = bubble({ mediaType: "vcard", body: "BEGIN:VCARD\nFN:Ana\nTEL;waid=5511999990000:+55\nEND:VCARD" });
    expect(card).toContain("Ana");
    expect(card).toContain("5511999990000");
    expect(card).not.toContain("BEGIN:VCARD");
  });

  it("never renders HTML from a body or a caption", () => {
    const html = bubble({ mediaType: "video", mediaUrl: "/api/media/1/v.mp4", body: "<img src=x onerror=alert(1)>" });
    expect(html).not.toMatch(/<img/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });
});

describe("separators", () => {
  it("words the ticket notices and missed calls", () => {
    const at = new Date(2024, 4, 1, 9, 5).toISOString();
    expect(wrap(createElement(TicketNotice, { kind: "ended", at }))).toContain("Conversa encerrada em 01/05/2024 às 09:05");
    expect(wrap(createElement(CallLine, { message: { ...base, mediaType: "call_log", body: "video" } }))).toContain("Chamada de vídeo perdida às 14:07");
    expect(wrap(createElement(CallLine, { message: { ...base, mediaType: "call_log", body: "voice" } }))).toContain("Chamada de voz perdida às 14:07");
  });
});
