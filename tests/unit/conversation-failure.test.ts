import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ConversationMessage } from "@/components/tickets/conversation/conversation-types";
import { MessageBubble } from "@/components/tickets/conversation/message-bubble";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import pt from "@/messages/pt.json";

// Issue 33 §7: a refused message shows why, translated, and offers Resend.
const failed: ConversationMessage = {
  id: 1,
  wid: "w1",
  ticketId: 1,
  body: "Seu pedido saiu para entrega",
  fromMe: true,
  read: true,
  mediaType: null,
  mediaUrl: null,
  ack: 1,
  isDeleted: false,
  isEdited: false,
  createdAt: new Date(2024, 4, 1, 14, 7).toISOString(),
  sendStatus: "failed",
  sendError: "463",
  quotedMsg: null,
  contact: null,
};

const catalogues = { pt, en, es };
const noop = () => {};
const bubble = (over: Partial<ConversationMessage>, opts: { locale?: keyof typeof catalogues; canWrite?: boolean } = {}) => {
  const locale = opts.locale ?? "pt";
  const el = createElement(MessageBubble, {
    message: { ...failed, ...over },
    first: true,
    isGroup: false,
    contactName: "Maria",
    onReply: noop,
    canWrite: opts.canWrite ?? true,
    onDelete: noop,
    onResent: noop,
    onJump: noop,
  });
  const props = { locale, messages: catalogues[locale], timeZone: "America/Sao_Paulo", children: el };
  return renderToStaticMarkup(createElement(NextIntlClientProvider, props));
};

describe("a failed message's bubble", () => {
  it("says why in each language (463: WhatsApp restricted this number) and offers Resend", () => {
    const html = bubble({});
    expect(html).toContain('data-testid="message-failure"');
    expect(html).toContain("O WhatsApp restringiu este número");
    expect(html).toMatch(/data-testid="message-resend"[^>]*>[\s\S]*Reenviar/);
    expect(bubble({}, { locale: "en" })).toContain("WhatsApp restricted this number");
    expect(bubble({}, { locale: "en" })).toContain("Resend");
    expect(bubble({}, { locale: "es" })).toContain("WhatsApp restringió este número");
  });

  it("names a code it has no words for; reads the product's ERR_ codes; keeps a provider's own text", () => {
    expect(bubble({ sendError: "999" })).toContain("O WhatsApp recusou a mensagem (código 999)");
    expect(bubble({ sendError: "999" }, { locale: "en" })).toContain("WhatsApp refused the message (code 999)");
    expect(bubble({ sendError: "ERR_WAPP_INVALID_CONTACT" })).toContain("Este não é um número de WhatsApp válido.");
    expect(bubble({ sendError: "Connection Closed" })).toContain("Falha no envio (Connection Closed)");
    expect(bubble({ sendError: null })).toContain("Falha no envio");
  });

  it("offers Resend only to whoever may write in the ticket, and only on failed own messages", () => {
    expect(bubble({}, { canWrite: false })).toContain("O WhatsApp restringiu este número");
    expect(bubble({}, { canWrite: false })).not.toContain('data-testid="message-resend"');
    expect(bubble({ sendStatus: "sent", sendError: null })).not.toContain('data-testid="message-failure"');
    expect(bubble({ isDeleted: true })).not.toContain('data-testid="message-failure"');
  });

  it("once resent (by anyone), says so instead of offering Resend again", () => {
    const html = bubble({ resentAs: 42 });
    expect(html).toContain("O WhatsApp restringiu este número");
    expect(html).not.toContain('data-testid="message-resend"');
    expect(html).toMatch(/data-testid="message-resent"[\s\S]*Reenviada/);
    expect(bubble({ resentAs: 42 }, { locale: "en" })).toContain("Resent");
  });
});
