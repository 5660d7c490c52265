import { describe, expect, it } from "vitest";
import { listChannels } from "@/components/tickets/list/list-channels";
import { displayName, formatTicketTime, unreadLabel } from "@/components/tickets/list/ticket-format";
import { defaultConnectionId, readConflict, validateNewTicket } from "@/components/tickets/new-ticket/new-ticket-rules";
import { channels } from "@/lib/realtime/channels";

describe("ticket list item format", () => {
  it("shows HH:mm for today and dd/MM/yyyy otherwise", () => {
    const now = new Date(2024, 4, 10, 18, 0);
    expect(formatTicketTime(new Date(2024, 4, 10, 9, 5), now)).toBe("09:05");
    expect(formatTicketTime(new Date(2024, 4, 9, 23, 59), now)).toBe("09/05/2024");
    expect(formatTicketTime("not a date", now)).toBe("");
  });

  it("cuts names over 10 characters on narrow screens only", () => {
    expect(displayName("Maria Aparecida", true)).toBe("Maria Apar...");
    expect(displayName("Maria Apar", true)).toBe("Maria Apar");
    expect(displayName("Maria Aparecida", false)).toBe("Maria Aparecida");
    expect(unreadLabel(120)).toBe("99+");
  });
});

describe("list channels", () => {
  it("gives admins the all-queues channels and others their queues, no queue and their own channel", () => {
    expect(listChannels(1, { id: 5, isAdmin: true, allTicket: false, queueIds: [] }, ["open"])).toEqual([{ name: channels.allTickets(1, "open"), status: "open" }]);
    const agent = listChannels(1, { id: 5, isAdmin: false, allTicket: false, queueIds: [10] }, ["open", "pending"], [10, 11]);
    expect(agent.map((c) => c.name)).toEqual([
      channels.tickets(1, null, "open"),
      channels.tickets(1, 10, "open"),
      channels.tickets(1, null, "pending"),
      channels.tickets(1, 10, "pending"),
      // their tickets of other queues (accepted with allTicket, handed by an admin)
      channels.user(1, 5),
    ]);
    const allTicket = listChannels(1, { id: 5, isAdmin: false, allTicket: true, queueIds: [10] }, ["pending"], [10, 11]);
    expect(allTicket.map((c) => c.name)).toEqual([channels.tickets(1, null, "pending"), channels.tickets(1, 10, "pending"), channels.tickets(1, 11, "pending"), channels.user(1, 5)]);
  });
});

describe("new ticket modal", () => {
  it("wants a contact, and a queue unless admin", () => {
    expect(validateNewTicket({ contactId: null, queueId: null }, true)).toEqual({ contact: "required" });
    expect(validateNewTicket({ contactId: 1, queueId: null }, false)).toEqual({ queue: "required" });
    expect(validateNewTicket({ contactId: 1, queueId: 2 }, false)).toEqual({});
  });

  it("opens the viewer's own ticket and names another holder and queue", () => {
    expect(readConflict({ ticket: { uuid: "u1", userId: 5, user: { name: "Ana" }, queue: null } }, 5)).toEqual({ kind: "mine", uuid: "u1" });
    expect(readConflict({ ticket: { uuid: "u1", userId: 7, user: { name: "Caio" }, queue: { name: "Vendas" } } }, 5)).toEqual({ kind: "taken", user: "Caio", queue: "Vendas" });
    expect(readConflict({ ticket: { uuid: "u1", userId: null, user: null, queue: { name: "Suporte" } } }, 5)).toEqual({ kind: "waiting", queue: "Suporte" });
    expect(readConflict({}, 5)).toBeNull();
  });

  it("picks the default connection first", () => {
    expect(defaultConnectionId([{ id: 1, isDefault: false }, { id: 2, isDefault: true }])).toBe(2);
    expect(defaultConnectionId([{ id: 1, isDefault: false }])).toBe(1);
    expect(defaultConnectionId([])).toBeNull();
  });
});
