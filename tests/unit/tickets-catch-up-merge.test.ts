import { describe, expect, it } from "vitest";
import { mergeFirstPage } from "@/components/tickets/list/catch-up-rules";
import type { FeedState } from "@/components/tickets/list/list-rules";
import type { TicketItem } from "@/components/tickets/list/ticket-types";

// a ticket with newest activity at minute `minute` (the list is newest first)
function ticket(id: number, minute: number, over: Partial<TicketItem> = {}): TicketItem {
  return {
    id,
    uuid: `uuid-${id}`,
    status: "open",
    unreadMessages: 0,
    lastMessage: `m${id}`,
    updatedAt: new Date(Date.UTC(2024, 4, 10, 12, minute)).toISOString(),
    userId: 5,
    queueId: 10,
    contact: { id, name: `C${id}`, number: "5511999990000", profilePicUrl: "" },
    tags: [],
    ...over,
  } as TicketItem;
}
const state = (items: TicketItem[], hasMore = false, count = items.length): FeedState => ({ items, count, hasMore });
const ids = (s: FeedState) => s.items.map((t) => t.id);

describe("mergeFirstPage", () => {
  it("adds what the events missed and updates the preview, by id, without repeating a ticket", () => {
    const before = state([ticket(1, 50), ticket(2, 40)]);
    const fresh = { tickets: [ticket(2, 55, { lastMessage: "novo" }), ticket(3, 52), ticket(1, 50)], count: 3, hasMore: false };
    const next = mergeFirstPage(before, fresh);
    expect(ids(next)).toEqual([2, 3, 1]);
    expect(next.items[0].lastMessage).toBe("novo");
    expect(next).toMatchObject({ count: 3, hasMore: false });
  });

  it("keeps the unchanged tickets' objects, and the state itself when nothing changed", () => {
    const one = ticket(1, 50);
    const before = state([one, ticket(2, 40)]);
    const same = mergeFirstPage(before, { tickets: [ticket(1, 50), ticket(2, 40)], count: 2, hasMore: false });
    expect(same).toBe(before);
    const changed = mergeFirstPage(before, { tickets: [ticket(1, 50), ticket(2, 41)], count: 2, hasMore: false });
    expect(changed.items[0]).toBe(one);
    expect(changed.items[1]).not.toBe(before.items[1]);
  });

  it("drops tickets the page should hold but does not (they left the list)", () => {
    const before = state([ticket(1, 50), ticket(2, 40), ticket(3, 30)]);
    const next = mergeFirstPage(before, { tickets: [ticket(1, 50), ticket(3, 30)], count: 2, hasMore: false });
    expect(ids(next)).toEqual([1, 3]);
    expect(next.count).toBe(2);
  });

  it("keeps the loaded pages below the first one, and their 'more to come'", () => {
    // three loaded tickets, the page size being 2 here; more on the server
    const before = state([ticket(1, 50), ticket(2, 40), ticket(3, 30), ticket(4, 20)], true, 9);
    const fresh = { tickets: [ticket(5, 59), ticket(1, 50)], count: 10, hasMore: true };
    const next = mergeFirstPage(before, fresh);
    expect(ids(next)).toEqual([5, 1, 2, 3, 4]);
    expect(next).toMatchObject({ count: 10, hasMore: true });
  });

  it("a list loaded to its end stays complete when a newcomer pushes the page boundary", () => {
    const before = state([ticket(1, 50), ticket(2, 40)], false);
    const fresh = { tickets: [ticket(3, 55), ticket(1, 50)], count: 3, hasMore: true };
    const next = mergeFirstPage(before, fresh);
    expect(ids(next)).toEqual([3, 1, 2]);
    expect(next).toMatchObject({ count: 3, hasMore: false });
  });

  it("keeps what an event said about a ticket while the page was on its way", () => {
    // the event moved ticket 2 up with a newer message, and removed ticket 3 (accepted elsewhere)
    const before = state([ticket(2, 58, { lastMessage: "pelo evento" }), ticket(1, 50)]);
    const fresh = { tickets: [ticket(1, 50), ticket(2, 40, { lastMessage: "antigo" }), ticket(3, 30)], count: 3, hasMore: false };
    const next = mergeFirstPage(before, fresh, new Set([2, 3]));
    expect(ids(next)).toEqual([2, 1]);
    expect(next.items[0].lastMessage).toBe("pelo evento");
  });

  it("a ticket only read while the page was on its way takes the page's newer message, with no unread count", () => {
    // the open conversation read the ticket (updateUnread) while the list's catch-up page was on its
    // way; the page holds the customer's newer message, stored before the read
    const before = state([ticket(2, 40, { lastMessage: "1", unreadMessages: 0 }), ticket(1, 30)]);
    const fresh = { tickets: [ticket(2, 45, { lastMessage: "Número do pedido", unreadMessages: 1 }), ticket(1, 30)], count: 2, hasMore: false };
    const next = mergeFirstPage(before, fresh, new Set(), new Set([2]));
    expect(next.items[0]).toMatchObject({ id: 2, lastMessage: "Número do pedido", unreadMessages: 0 });
  });

  it("an empty page empties a list with nothing more", () => {
    const next = mergeFirstPage(state([ticket(1, 50)]), { tickets: [], count: 0, hasMore: false });
    expect(next).toEqual({ items: [], count: 0, hasMore: false });
  });
});
