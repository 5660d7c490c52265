import { describe, expect, it } from "vitest";
import type { TenantContext } from "@/lib/api/context";
import { listTicketsQuery } from "@/lib/tickets/schemas";
import { canOpenTicket } from "@/lib/tickets/ticket-access";
import { ticketSummaryEvents, toTicketSummary, type TicketSummary } from "@/lib/tickets/ticket-summary";

const agent: TenantContext = { companyId: 1, userId: 5, profile: "user", queueIds: [10], super: false, sessionId: "s" };
const admin: TenantContext = { ...agent, userId: 6, profile: "admin", queueIds: [] };

describe("canOpenTicket", () => {
  it("lets users open their queues, no queue and their own; admins everything", () => {
    expect(canOpenTicket(agent, { queueId: 10, userId: null })).toBe(true);
    expect(canOpenTicket(agent, { queueId: null, userId: 9 })).toBe(true);
    expect(canOpenTicket(agent, { queueId: 11, userId: 5 })).toBe(true);
    expect(canOpenTicket(agent, { queueId: 11, userId: null })).toBe(false);
    expect(canOpenTicket(admin, { queueId: 11, userId: 9 })).toBe(true);
  });
});

describe("listTicketsQuery", () => {
  it("reads showAll and status, empty status meaning any", () => {
    expect(listTicketsQuery.parse({ showAll: "true", status: "open" })).toMatchObject({ showAll: true, status: "open", pageNumber: 1, searchParam: "" });
    expect(listTicketsQuery.parse({ status: "" })).toMatchObject({ showAll: false, status: undefined });
    expect(() => listTicketsQuery.parse({ status: "archived" })).toThrow();
  });
});

describe("ticket summary events", () => {
  it("carry the list fields only, on the list and conversation channels", () => {
    const full = {
      id: 3, uuid: "u", status: "pending", queueId: null, userId: null, unreadMessages: 1, lastMessage: "x".repeat(600),
      updatedAt: new Date(0), isGroup: false, whatsappId: 2, contact: { id: 4, name: "C", number: "55", profilePicUrl: "" },
      queue: null, tags: [],
    } as TicketSummary;
    const summary = toTicketSummary(full);
    expect(summary).not.toHaveProperty("tags");
    // core §3 Ticket: the bot fields travel with the list fields
    expect(toTicketSummary({ ...full, useIntegration: true, promptId: 7, integrationId: 8 })).toMatchObject({ useIntegration: true, promptId: 7, integrationId: 8 });
    const events = ticketSummaryEvents(1, summary);
    expect(events.flatMap((e) => e.channels).sort()).toEqual(
      ["private-company-1-ticket-3", "private-company-1-tickets-all-pending", "private-company-1-tickets-none-pending"],
    );
    expect((events[0].data as { ticket: TicketSummary }).ticket.lastMessage.length).toBeLessThan(300);
  });

  it("reach the agent's own channel too (their ticket may be of a queue they do not hear); a new agent's, and the old one's delete", () => {
    const held = { id: 3, uuid: "u", status: "open", queueId: 11, userId: 5, unreadMessages: 0, lastMessage: "", updatedAt: new Date(0), isGroup: false, whatsappId: 2, contact: { id: 4, name: "C", number: "55", profilePicUrl: "" } } as TicketSummary;
    const update = ticketSummaryEvents(1, held).find((e) => e.channels.includes("private-company-1-tickets-11-open"))!;
    expect(update.channels).toContain("private-company-1-user-5");
    const handed = ticketSummaryEvents(1, { ...held, userId: 6 }, { id: 3, companyId: 1, queueId: 11, status: "open", userId: 5 });
    expect(handed.find((e) => (e.data as { action: string }).action === "delete")?.channels).toEqual(["private-company-1-user-5"]);
    expect(handed.find((e) => e.channels.includes("private-company-1-user-6"))).toBeDefined();
  });
});
