import { describe, expect, it } from "vitest";
import { canAcceptTicket, canCloseTicket, canOpenTicket, canReopenTicket, canWriteTicket, ticketActionsFor, type TicketActor } from "@/lib/tickets/ticket-rules";

// lib/tickets/ticket-rules.ts: the one rule the API enforces and the screens use to offer buttons.
const agent: TicketActor = { userId: 5, isAdmin: false, queueIds: [10], allTicket: false };
const allTicket: TicketActor = { ...agent, allTicket: true };
const admin: TicketActor = { userId: 6, isAdmin: true, queueIds: [], allTicket: false };

describe("opening", () => {
  it("users open their queues', queue-less and their own tickets; admins everything; allTicket adds nothing", () => {
    expect(canOpenTicket(agent, { queueId: 10, userId: null })).toBe(true);
    expect(canOpenTicket(agent, { queueId: null, userId: 9 })).toBe(true);
    expect(canOpenTicket(agent, { queueId: 11, userId: 5 })).toBe(true);
    expect(canOpenTicket(agent, { queueId: 11, userId: null })).toBe(false);
    expect(canOpenTicket(allTicket, { queueId: 11, userId: null })).toBe(false);
    expect(canOpenTicket(admin, { queueId: 11, userId: 9 })).toBe(true);
  });
});

describe("writing in and changing", () => {
  it("a user writes only in their own open ticket; an admin in any", () => {
    expect(canWriteTicket(agent, { status: "open", queueId: 10, userId: 5 })).toBe(true);
    expect(canWriteTicket(agent, { status: "open", queueId: 10, userId: 9 })).toBe(false);
    expect(canWriteTicket(agent, { status: "pending", queueId: 10, userId: null })).toBe(false);
    expect(canWriteTicket(agent, { status: "closed", queueId: 10, userId: 5 })).toBe(false);
    expect(canWriteTicket(admin, { status: "open", queueId: 11, userId: 9 })).toBe(true);
  });

  it("accepts pending tickets of their queues or none, any queue's with allTicket", () => {
    expect(canAcceptTicket(agent, { status: "pending", queueId: 10, userId: null })).toBe(true);
    expect(canAcceptTicket(agent, { status: "pending", queueId: null, userId: null })).toBe(true);
    expect(canAcceptTicket(agent, { status: "pending", queueId: 11, userId: null })).toBe(false);
    expect(canAcceptTicket(allTicket, { status: "pending", queueId: 11, userId: null })).toBe(true);
    expect(canAcceptTicket(allTicket, { status: "open", queueId: 11, userId: null })).toBe(false);
    // an open ticket nobody holds is taken by whoever may open it; a held one is not
    expect(canAcceptTicket(agent, { status: "open", queueId: 10, userId: null })).toBe(true);
    expect(canAcceptTicket(agent, { status: "open", queueId: 10, userId: 9 })).toBe(false);
  });

  it("closes what they may write in, and pending tickets they may accept that nobody else holds", () => {
    expect(canCloseTicket(agent, { status: "open", queueId: 10, userId: 5 })).toBe(true);
    expect(canCloseTicket(agent, { status: "open", queueId: 10, userId: 9 })).toBe(false);
    expect(canCloseTicket(agent, { status: "pending", queueId: 10, userId: null })).toBe(true);
    expect(canCloseTicket(agent, { status: "pending", queueId: 10, userId: 9 })).toBe(false);
    expect(canCloseTicket(allTicket, { status: "pending", queueId: 11, userId: null })).toBe(true);
    expect(canCloseTicket(agent, { status: "pending", queueId: 11, userId: null })).toBe(false);
  });

  it("reopens a closed ticket they may open, a colleague's included", () => {
    expect(canReopenTicket(agent, { status: "closed", queueId: 10, userId: 9 })).toBe(true);
    expect(canReopenTicket(agent, { status: "closed", queueId: null, userId: 9 })).toBe(true);
    expect(canReopenTicket(agent, { status: "closed", queueId: 11, userId: 9 })).toBe(false);
    expect(canReopenTicket(agent, { status: "closed", queueId: 11, userId: 5 })).toBe(true);
    expect(canReopenTicket(agent, { status: "open", queueId: 10, userId: 5 })).toBe(false);
  });
});

describe("ticketActionsFor (the buttons shown)", () => {
  it("offers a colleague's open ticket nothing but reading", () => {
    expect(ticketActionsFor(agent, { status: "open", queueId: 10, userId: 9 })).toEqual({
      accept: false,
      close: false,
      reopen: false,
      returnToPending: false,
      transfer: false,
      message: false,
      tag: false,
    });
  });

  it("offers one's own open ticket everything but accept and reopen", () => {
    expect(ticketActionsFor(agent, { status: "open", queueId: 10, userId: 5 })).toEqual({
      accept: false,
      close: true,
      reopen: false,
      returnToPending: true,
      transfer: true,
      message: true,
      tag: true,
    });
  });

  it("offers a pending ticket Accept and Finalizar to those who may take it, allTicket users too", () => {
    for (const who of [agent, allTicket]) {
      const queueId = who === agent ? 10 : 11;
      expect(ticketActionsFor(who, { status: "pending", queueId, userId: null })).toMatchObject({ accept: true, close: true, message: false, transfer: false });
    }
    expect(ticketActionsFor(agent, { status: "pending", queueId: 11, userId: null })).toMatchObject({ accept: false, close: false });
  });

  it("offers a closed ticket Reabrir; admins transfer and tag anything", () => {
    expect(ticketActionsFor(agent, { status: "closed", queueId: 10, userId: 9 })).toMatchObject({ reopen: true, close: false, message: false });
    expect(ticketActionsFor(admin, { status: "pending", queueId: 11, userId: null })).toMatchObject({ accept: true, close: true, transfer: true, tag: true, message: true });
  });
});
