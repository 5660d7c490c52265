import { describe, expect, it } from "vitest";
import { withContact, withContactIn } from "@/components/contacts/ticket-contact";
import { applyContactToBoard } from "@/components/kanban/board-rules";
import type { BoardState, Card } from "@/components/kanban/board-types";
import { applyContact, shownFeed, type FeedState } from "@/components/tickets/list/list-rules";
import type { TicketItem } from "@/components/tickets/list/ticket-types";

// Issue 34 §1: a contact edited elsewhere reaches every list, the board and the conversation
// (`contact` update events); a list that fails to load keeps what it showed, with a retry.

const contact = (id: number, name: string) => ({ id, name, number: `55119${id}`, profilePicUrl: "" });
const ticket = (id: number, contactId: number, name: string) =>
  ({ id, uuid: `u-${id}`, status: "open", contactId, contact: contact(contactId, name), updatedAt: "2026-01-01T12:00:00.000Z" }) as unknown as TicketItem;
const feed = (items: TicketItem[]): FeedState => ({ items, count: items.length, hasMore: false });
const renamed = { ...contact(7, "Maria Souza"), number: "5511977770000", profilePicUrl: "https://pic.example/7.jpg" };

describe("a contact update", () => {
  it("renames every ticket of the contact in a list, and only those", () => {
    const before = feed([ticket(1, 7, "Maria"), ticket(2, 8, "João"), ticket(3, 7, "Maria")]);
    const after = applyContact(before, renamed);
    expect(after.items.map((t) => t.contact.name)).toEqual(["Maria Souza", "João", "Maria Souza"]);
    expect(after.items[0].contact).toEqual(renamed);
    expect(after.items[1]).toBe(before.items[1]);
    expect(after.count).toBe(3);
  });

  it("leaves a list without the contact, or already showing its fields, as it was (nothing renders again)", () => {
    const other = feed([ticket(2, 8, "João")]);
    expect(applyContact(other, renamed)).toBe(other);
    const same = feed([{ ...ticket(1, 7, "x"), contact: renamed }]);
    expect(applyContact(same, renamed)).toBe(same);
    const items = [ticket(2, 8, "João")];
    expect(withContactIn(items, renamed)).toBe(items);
  });

  it("renames the conversation's ticket when it is the contact's", () => {
    const open = { id: 1, contactId: 7, contact: contact(7, "Maria"), status: "open" };
    expect(withContact(open, renamed).contact.name).toBe("Maria Souza");
    const another = { id: 2, contactId: 8, contact: contact(8, "João") };
    expect(withContact(another, renamed)).toBe(another);
  });

  it("renames the contact's cards in every lane of the board", () => {
    const card = (id: number, contactId: number, name: string) => ({ ...ticket(id, contactId, name), tags: [] }) as unknown as Card;
    const board: BoardState = {
      open: { items: [card(1, 7, "Maria"), card(2, 8, "João")], count: 2, hasMore: false, page: 1 },
      "10": { items: [card(3, 9, "Ana")], count: 1, hasMore: false, page: 1 },
    };
    const next = applyContactToBoard(board, renamed);
    expect(next.open.items.map((c) => c.contact.name)).toEqual(["Maria Souza", "João"]);
    expect(next["10"]).toBe(board["10"]);
    expect(applyContactToBoard(board, contact(99, "Ninguém"))).toBe(board);
  });
});

describe("a list that fails to load", () => {
  const shown = { ...feed([ticket(1, 7, "Maria")]), key: "old-filters" };

  it("keeps what it showed under new filters whose first page failed, not loading, with a retry", () => {
    expect(shownFeed(shown, "new-filters", true, null)).toMatchObject({ items: [], loading: true, failed: false });
    const failed = shownFeed(shown, "new-filters", true, { key: "new-filters", retry: "page" });
    expect(failed).toMatchObject({ items: shown.items, loading: false, failed: true, hasMore: false });
  });

  it("keeps its rows when a catch-up failed; a failure of other filters is not shown", () => {
    expect(shownFeed(shown, "old-filters", true, { key: "old-filters", retry: "catchUp" })).toMatchObject({ items: shown.items, failed: true });
    expect(shownFeed(shown, "old-filters", true, { key: "other", retry: "page" })).toMatchObject({ items: shown.items, failed: false });
  });

  it("a tab never loaded shows the failure, not an empty queue", () => {
    const none = { ...feed([]), key: null };
    expect(shownFeed(none, "closed", true, { key: "closed", retry: "page" })).toMatchObject({ items: [], loading: false, failed: true });
  });
});
