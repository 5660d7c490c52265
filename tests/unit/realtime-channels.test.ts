import { describe, expect, it } from "vitest";
import { channels, parseChannel } from "@/lib/realtime/channels";
import { ticketChangeEvents, ticketListChannels } from "@/lib/realtime/ticket-events";

describe("channel names", () => {
  it("parse back to what they name", () => {
    expect(parseChannel(channels.company(7))).toEqual({ kind: "company", companyId: 7 });
    expect(parseChannel(channels.admins(7))).toEqual({ kind: "admins", companyId: 7 });
    expect(parseChannel(channels.presence(7))).toEqual({ kind: "presence", companyId: 7 });
    expect(parseChannel(channels.tickets(7, 3, "open"))).toEqual({ kind: "tickets", companyId: 7, queueId: 3, status: "open" });
    expect(parseChannel(channels.tickets(7, null, "pending"))).toEqual({ kind: "tickets", companyId: 7, queueId: null, status: "pending" });
    expect(parseChannel(channels.allTickets(7, "closed"))).toEqual({ kind: "allTickets", companyId: 7, status: "closed" });
    expect(parseChannel(channels.ticket(7, 99))).toEqual({ kind: "ticket", companyId: 7, ticketId: 99 });
    expect(parseChannel(channels.user(7, 5))).toEqual({ kind: "user", companyId: 7, userId: 5 });
    expect(parseChannel(channels.platform())).toEqual({ kind: "platform" });
  });

  it("reject names the product never uses", () => {
    for (const n of ["private-company-", "private-company-x", "private-company-1-tickets-2-done", "presence-company-1-x", "company-1", "private-company-1-user-", "private-platform-1", "private-platform-x"]) {
      expect(parseChannel(n)).toBeNull();
    }
  });

  it("stay within Pusher's 164-character channel name limit and allowed characters", () => {
    const longest = channels.tickets(2_147_483_647, 2_147_483_647, "pending");
    expect(longest.length).toBeLessThan(164);
    expect(longest).toMatch(/^[A-Za-z0-9_\-=@,.;]+$/);
  });
});

describe("ticket change events", () => {
  const base = { id: 10, companyId: 1, queueId: 2, status: "pending" as const };

  it("an update in place goes to the list channels and the conversation", () => {
    const events = ticketChangeEvents(base, base, { id: 10, unreadMessages: 1 });
    expect(events.map((e) => e.data)).not.toContainEqual(expect.objectContaining({ action: "delete" }));
    expect(events[0].channels).toEqual(ticketListChannels(base));
    expect(events[1].channels).toEqual([channels.ticket(1, 10)]);
  });

  it("a status change deletes the ticket from the old lists and adds it to the new ones", () => {
    const after = { ...base, status: "open" as const };
    const [del, upd] = ticketChangeEvents(base, after);
    expect(del).toMatchObject({ event: "ticket", data: { action: "delete", ticketId: 10 } });
    expect(del.channels).toEqual([channels.tickets(1, 2, "pending"), channels.allTickets(1, "pending")]);
    expect(upd.channels).toEqual([channels.tickets(1, 2, "open"), channels.allTickets(1, "open")]);
  });

  it("a queue change keeps the all-queues channel out of the delete", () => {
    const [del] = ticketChangeEvents(base, { ...base, queueId: 3 });
    expect(del.channels).toEqual([channels.tickets(1, 2, "pending")]);
  });

  it("a deleted ticket leaves every list and its conversation", () => {
    const events = ticketChangeEvents(base, null);
    expect(events).toHaveLength(2);
    expect(events.every((e) => (e.data as { action: string }).action === "delete")).toBe(true);
    expect(events[1].channels).toEqual([channels.ticket(1, 10)]);
  });
});
