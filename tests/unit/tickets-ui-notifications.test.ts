import { describe, expect, it } from "vitest";
import {
  applyBellDelete,
  applyBellUpdate,
  bellCount,
  countsInBell,
  isTicketOnScreen,
  shouldNotify,
  type AlertTicket,
  type AlertViewer,
} from "@/components/notifications/notification-rules";

const viewer: AlertViewer = { id: 5, isAdmin: false, allTicket: false, queueIds: [10] };
const incoming = { notify: true, message: { fromMe: false } };
const ticket = { status: "open" as const, userId: null, queueId: 10, isGroup: false };

describe("shouldNotify (spec core §4 Notifications)", () => {
  it("notifies an incoming message on an unassigned or own open ticket of the viewer's queues or none", () => {
    expect(shouldNotify(incoming, ticket, viewer, false)).toBe(true);
    expect(shouldNotify(incoming, { ...ticket, userId: 5 }, viewer, false)).toBe(true);
    expect(shouldNotify(incoming, { ...ticket, queueId: null }, viewer, false)).toBe(true);
  });

  it("stays quiet for own or imported messages, pending, others', other queues, groups and the ticket on screen", () => {
    expect(shouldNotify({ notify: true, message: { fromMe: true } }, ticket, viewer, false)).toBe(false);
    expect(shouldNotify({ notify: false, message: { fromMe: false } }, ticket, viewer, false)).toBe(false);
    expect(shouldNotify(incoming, { ...ticket, status: "pending" }, viewer, false)).toBe(false);
    expect(shouldNotify(incoming, { ...ticket, userId: 9 }, viewer, false)).toBe(false);
    expect(shouldNotify(incoming, { ...ticket, queueId: 11 }, viewer, false)).toBe(false);
    expect(shouldNotify(incoming, { ...ticket, isGroup: true }, viewer, false)).toBe(false);
    expect(shouldNotify(incoming, ticket, viewer, true)).toBe(false);
  });

  it("counts a ticket as on screen only when its page is open in a visible tab", () => {
    expect(isTicketOnScreen("AbC", "/tickets/abc", "visible")).toBe(true);
    expect(isTicketOnScreen("abc", "/tickets/abc", "hidden")).toBe(false);
    expect(isTicketOnScreen("abc", "/tickets/xyz", "visible")).toBe(false);
    expect(isTicketOnScreen("abc", "/tickets", "visible")).toBe(false);
  });
});

function alert(over: Partial<AlertTicket> = {}): AlertTicket {
  return {
    id: 1,
    uuid: "u1",
    status: "open",
    userId: 5,
    queueId: 10,
    isGroup: false,
    unreadMessages: 2,
    lastMessage: "oi",
    updatedAt: "2024-05-10T12:00:00.000Z",
    contact: { id: 1, name: "Maria", number: "55", profilePicUrl: "" },
    ...over,
  };
}

describe("the bell", () => {
  it("counts own tickets with unread messages, and pending ones only for allTicket users", () => {
    expect(countsInBell(alert(), viewer)).toBe(true);
    expect(countsInBell(alert({ unreadMessages: 0 }), viewer)).toBe(false);
    expect(countsInBell(alert({ userId: 9 }), viewer)).toBe(false);
    expect(countsInBell(alert({ status: "pending", userId: null }), viewer)).toBe(false);
    expect(countsInBell(alert({ status: "pending", userId: null }), { ...viewer, allTicket: true })).toBe(true);
  });

  it("adds, refreshes and removes tickets as their events come", () => {
    let s = applyBellUpdate({ items: [], beyond: 3 }, alert(), viewer);
    expect(bellCount(s)).toBe(4);
    s = applyBellUpdate(s, { id: 1, unreadMessages: 5, lastMessage: "de novo" }, viewer);
    expect(s.items[0]).toMatchObject({ unreadMessages: 5, lastMessage: "de novo", contact: { name: "Maria" } });
    expect(applyBellUpdate(s, { id: 1, unreadMessages: 0 }, viewer).items).toEqual([]);
    // a partial event about a ticket the bell does not know is not enough to list it
    expect(applyBellUpdate({ items: [], beyond: 0 }, { id: 2, unreadMessages: 1 }, viewer).items).toEqual([]);
    expect(applyBellDelete(s, 1, "pending").items).toHaveLength(1);
    expect(applyBellDelete(s, 1, "open").items).toEqual([]);
  });
});
