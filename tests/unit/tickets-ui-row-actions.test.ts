import { NextIntlClientProvider } from "next-intl";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ViewerProvider, type Viewer } from "@/components/shell/viewer-context";
import { TicketRowActions } from "@/components/tickets/list/ticket-row-actions";
import type { TicketItem } from "@/components/tickets/list/ticket-types";
import messages from "@/messages/pt.json";

// The list row offers only the buttons the API accepts from this user (lib/tickets/ticket-rules.ts).
const agent: Viewer = { id: 5, name: "Ana", companyId: 1, profile: "user", super: false, allTicket: false, queues: [{ id: 10, name: "Suporte", color: "#000" }] };
const noop = () => {};
const actions = { accept: noop, resolve: noop, reopen: noop, peek: noop };

function ticket(over: Partial<TicketItem>): TicketItem {
  return {
    id: 1, uuid: "u", status: "open", unreadMessages: 0, lastMessage: "", updatedAt: "2024-05-10T12:00:00.000Z", isGroup: false, chatbot: false,
    useIntegration: false, promptId: null, integrationId: null, userId: 5, queueId: 10, whatsappId: 1, contactId: 1,
    contact: { id: 1, name: "C", number: "55", profilePicUrl: "" }, queue: null, whatsapp: null, user: null, tags: [], ...over,
  };
}

const buttons = (viewer: Viewer, t: Partial<TicketItem>) => {
  const row = createElement(TicketRowActions, { ticket: ticket(t), canPeek: false, busy: false, actions });
  // props built first, as conversation-bubble.test.ts does (createElement's typing wants children there)
  const viewerProps = { viewer, children: row };
  const intlProps = { locale: "pt", messages, timeZone: "America/Sao_Paulo", children: createElement(ViewerProvider, viewerProps) };
  const html = renderToStaticMarkup(createElement(NextIntlClientProvider, intlProps));
  return ["ticket-accept", "ticket-resolve", "ticket-reopen"].filter((id) => html.includes(`data-testid="${id}"`));
};

describe("TicketRowActions", () => {
  it("offers Finalizar on one's own open ticket, nothing on a colleague's", () => {
    expect(buttons(agent, { status: "open", userId: 5 })).toEqual(["ticket-resolve"]);
    expect(buttons(agent, { status: "open", userId: 9 })).toEqual([]);
  });

  it("offers Accept and Finalizar on a pending ticket one may take: another queue's only with allTicket", () => {
    expect(buttons(agent, { status: "pending", userId: null })).toEqual(["ticket-accept", "ticket-resolve"]);
    expect(buttons(agent, { status: "pending", userId: null, queueId: 11 })).toEqual([]);
    expect(buttons({ ...agent, allTicket: true }, { status: "pending", userId: null, queueId: 11 })).toEqual(["ticket-accept", "ticket-resolve"]);
  });

  it("offers Reabrir on a colleague's closed ticket of one's queue, not of another queue", () => {
    expect(buttons(agent, { status: "closed", userId: 9 })).toEqual(["ticket-reopen"]);
    expect(buttons(agent, { status: "closed", userId: 9, queueId: 11 })).toEqual([]);
  });
});
