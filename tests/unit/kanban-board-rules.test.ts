import { describe, expect, it } from "vitest";
import {
  applyTicketUpdate,
  applyWholeTicket,
  dropPlan,
  isOnBoard,
  lanesOf,
  mergeFirstPage,
  movedCard,
  placeCard,
  removeCard,
  withPage,
} from "@/components/kanban/board-rules";
import type { BoardState, BoardViewer, Card } from "@/components/kanban/board-types";
import { lanesAfter } from "@/components/kanban/use-lanes";

// The kanban board's pure rules (admin §2.8, §4 "Kanban tag change", §8 toasts).
const RED = { id: 10, name: "Atendendo", color: "#FF0000" };
const BLUE = { id: 20, name: "Concluído", color: "#0000FF" };
const PLAIN = { id: 99, name: "VIP", color: "#00FF00" };
const LANES = [RED.id, BLUE.id];
const admin: BoardViewer = { id: 1, isAdmin: true, allTicket: false, queueIds: [] };
const agent: BoardViewer = { id: 2, isAdmin: false, allTicket: false, queueIds: [5] };

const card = (id: number, minutesAgo: number, tags: Card["tags"] = [], extra: Partial<Card> = {}): Card => ({
  id,
  uuid: `u-${id}`,
  status: "open",
  queueId: 5,
  userId: null,
  unreadMessages: 0,
  lastMessage: `m${id}`,
  updatedAt: new Date(Date.UTC(2026, 0, 1, 12, 0) - minutesAgo * 60_000).toISOString(),
  contact: { id, name: `C${id}`, number: "5511", profilePicUrl: "" },
  queue: { id: 5, name: "Suporte", color: "#123456" },
  user: null,
  tags,
  ...extra,
});
const lane = (items: Card[], hasMore = false, count = items.length) => ({ items, count, hasMore, page: 1 });
const ids = (s: BoardState, key: string) => s[key].items.map((c) => c.id);
const ctx = { viewer: admin, queueFilter: null, laneTagIds: LANES };

describe("lanesOf", () => {
  it("names each board lane whose tag the ticket carries, else 'Em aberto'", () => {
    expect(lanesOf([], LANES)).toEqual(["open"]);
    expect(lanesOf([PLAIN], LANES)).toEqual(["open"]);
    expect(lanesOf([PLAIN, BLUE], LANES)).toEqual([BLUE.id]);
    expect(lanesOf([BLUE, RED], LANES)).toEqual([RED.id, BLUE.id]);
  });
});

describe("isOnBoard", () => {
  it("shows open and pending tickets as the API does: admins all, users their queues, queue-less and own ones, allTicket users every pending one", () => {
    expect(isOnBoard({ status: "closed", queueId: 5, userId: null }, admin, null)).toBe(false);
    expect(isOnBoard({ status: "open", queueId: 7, userId: null }, admin, null)).toBe(true);
    expect(isOnBoard({ status: "open", queueId: 7, userId: null }, agent, null)).toBe(false);
    expect(isOnBoard({ status: "open", queueId: 7, userId: 2 }, agent, null)).toBe(true);
    expect(isOnBoard({ status: "pending", queueId: null, userId: null }, agent, null)).toBe(true);
    expect(isOnBoard({ status: "pending", queueId: 7, userId: null }, agent, null)).toBe(false);
    expect(isOnBoard({ status: "pending", queueId: 7, userId: null }, { ...agent, allTicket: true }, null)).toBe(true);
    expect(isOnBoard({ status: "open", queueId: 7, userId: null }, { ...agent, allTicket: true }, null)).toBe(false);
  });

  it("narrows by the queue filter, keeping tickets without a queue", () => {
    expect(isOnBoard({ status: "open", queueId: 7, userId: null }, admin, [5])).toBe(false);
    expect(isOnBoard({ status: "open", queueId: null, userId: null }, admin, [5])).toBe(true);
  });
});

describe("a drop", () => {
  it("plans the call and the spec's toasts", () => {
    expect(dropPlan("open", "open")).toBeNull();
    expect(dropPlan(RED.id, RED.id)).toBeNull();
    expect(dropPlan("open", RED.id)).toEqual({ call: "put", toasts: ["added"] });
    expect(dropPlan(RED.id, "open")).toEqual({ call: "delete", toasts: ["removed"] });
    expect(dropPlan(RED.id, BLUE.id)).toEqual({ call: "put", toasts: ["removed", "added"] });
  });

  it("moves the card optimistically: other lanes' tags out, the target's in, plain tags kept; counts follow; undoing puts it back", () => {
    const moving = card(1, 5, [RED, PLAIN]);
    const board: BoardState = { open: lane([card(2, 1)]), [RED.id]: lane([moving]), [BLUE.id]: lane([card(3, 10)]) };
    const moved = movedCard(moving, BLUE.id, [RED, BLUE]);
    expect(moved.tags.map((t) => t.id)).toEqual([BLUE.id, PLAIN.id]);
    const after = placeCard(board, moved, LANES);
    expect(ids(after, String(RED.id))).toEqual([]);
    expect(ids(after, String(BLUE.id))).toEqual([1, 3]);
    expect([after[String(RED.id)].count, after[String(BLUE.id)].count]).toEqual([0, 2]);
    const undone = placeCard(after, moving, LANES);
    expect(ids(undone, String(RED.id))).toEqual([1]);
    expect(ids(undone, String(BLUE.id))).toEqual([3]);
    expect([undone[String(RED.id)].count, undone[String(BLUE.id)].count]).toEqual([1, 1]);
    // back to 'Em aberto'
    const opened = placeCard(after, movedCard(moved, "open", [RED, BLUE]), LANES);
    expect(ids(opened, "open")).toEqual([2, 1]);
    expect(opened.open.count).toBe(2);
  });

  it("leaves a card older than a lane's last loaded one to its later pages, but counts it", () => {
    const board: BoardState = { open: lane([card(2, 1)], true, 50), [RED.id]: lane([card(1, 90, [RED])]) };
    const after = placeCard(board, { ...card(1, 90), tags: [] }, LANES);
    expect(ids(after, "open")).toEqual([2]);
    expect(after.open.count).toBe(51);
    expect(after[String(RED.id)].count).toBe(0);
  });
});

describe("live events", () => {
  it("moves a known card to the lane its new tags name, keeping its tags when the event has none", () => {
    const board: BoardState = { open: lane([card(1, 5)]), [RED.id]: lane([]) };
    const moved = applyTicketUpdate(board, { id: 1, status: "open", queueId: 5, userId: null, tags: [RED] }, ctx);
    expect(moved.fetchId).toBeNull();
    expect(ids(moved.state, String(RED.id))).toEqual([1]);
    const message = applyTicketUpdate(moved.state, { id: 1, status: "open", queueId: 5, userId: null, lastMessage: "oi", updatedAt: new Date().toISOString() }, ctx);
    expect(message.state[String(RED.id)].items[0]).toMatchObject({ lastMessage: "oi", tags: [RED] });
  });

  it("takes a closed ticket off the board, and a ticket that left the viewer's queues", () => {
    const board: BoardState = { open: lane([card(1, 5), card(2, 6)]) };
    const closed = applyTicketUpdate(board, { id: 1, status: "closed", queueId: 5, userId: null }, ctx);
    expect(ids(closed.state, "open")).toEqual([2]);
    const moved = applyTicketUpdate(board, { id: 2, status: "open", queueId: 7, userId: null }, { ...ctx, viewer: agent });
    expect(ids(moved.state, "open")).toEqual([1]);
    // a ticket the board never showed and does not show: nothing
    expect(applyTicketUpdate(board, { id: 3, status: "closed", queueId: 5, userId: null }, ctx)).toEqual({ state: board, fetchId: null });
  });

  it("reads a newcomer whole before placing it (the event lacks its names), then places it", () => {
    const board: BoardState = { open: lane([card(1, 5)]) };
    const heard = applyTicketUpdate(board, { id: 9, status: "pending", queueId: 5, userId: null }, ctx);
    expect(heard).toEqual({ state: board, fetchId: 9 });
    expect(ids(applyWholeTicket(board, card(9, 1, [], { status: "pending" }), ctx), "open")).toEqual([9, 1]);
    expect(applyWholeTicket(board, card(1, 1, [], { status: "closed" }), ctx).open.items).toEqual([]);
  });

  it("reads a card whole when its queue or agent changed without their names", () => {
    const board: BoardState = { open: lane([card(1, 5)]) };
    expect(applyTicketUpdate(board, { id: 1, status: "open", queueId: null, userId: 1 }, ctx).fetchId).toBe(1);
  });

  it("removes a card from every lane showing it", () => {
    const both = card(1, 5, [RED, BLUE]);
    const board: BoardState = { [RED.id]: lane([both]), [BLUE.id]: lane([both, card(2, 9, [BLUE])]) };
    const after = removeCard(board, 1);
    expect([ids(after, String(RED.id)), ids(after, String(BLUE.id))]).toEqual([[], [2]]);
    expect(removeCard(after, 1)).toBe(after);
  });
});

describe("pages", () => {
  it("adds later pages without duplicates and replaces the lane with page 1", () => {
    const first = withPage(undefined, { tickets: [card(1, 1), card(2, 2)], count: 3, hasMore: true }, 1);
    const second = withPage(first, { tickets: [card(2, 2), card(3, 3)], count: 3, hasMore: false }, 2);
    expect(second).toMatchObject({ count: 3, hasMore: false, page: 2 });
    expect(second.items.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(withPage(second, { tickets: [card(4, 0)], count: 1, hasMore: false }, 1).items.map((c) => c.id)).toEqual([4]);
  });

  it("merges a first page read again: the page is the truth down to its last card, older loaded cards stay", () => {
    // card 6 (newer than the page's last) left the lane meanwhile; 3 and 4 are older: later pages
    const loaded = { items: [card(6, 0.5), card(1, 1), card(3, 30), card(4, 40)], count: 4, hasMore: true, page: 2 };
    const merged = mergeFirstPage(loaded, { tickets: [card(5, 0), card(1, 1)], count: 5, hasMore: true });
    expect(merged.items.map((c) => c.id)).toEqual([5, 1, 3, 4]);
    expect(merged).toMatchObject({ hasMore: true, page: 2 });
    const all = mergeFirstPage(loaded, { tickets: [card(5, 0)], count: 1, hasMore: false });
    expect(all).toMatchObject({ items: [expect.objectContaining({ id: 5 })], count: 1, hasMore: false, page: 1 });
  });
});

describe("lanes", () => {
  const lanes = [{ ...RED, kanban: 1, userId: null }];
  it("follow tag events: a new kanban tag adds a lane in name order, a tag unmade or deleted drops it, other tags change nothing", () => {
    const added = lanesAfter(lanes, { action: "create", tag: { ...BLUE, kanban: 1, userId: null } });
    expect(added.map((l) => l.id)).toEqual([RED.id, BLUE.id]);
    expect(lanesAfter(added, { action: "update", tag: { ...BLUE, kanban: 0, userId: null } }).map((l) => l.id)).toEqual([RED.id]);
    expect(lanesAfter(added, { action: "delete", tagId: RED.id }).map((l) => l.id)).toEqual([BLUE.id]);
    expect(lanesAfter(lanes, { action: "create", tag: { ...PLAIN, kanban: 0, userId: null } })).toBe(lanes);
    // a count update (every move publishes one) keeps the lanes as they are
    expect(lanesAfter(lanes, { action: "update", tag: { ...RED, kanban: 1, userId: null, ticketsCount: 4 } })).toBe(lanes);
    expect(lanesAfter(lanes, { action: "update", tag: { ...RED, name: "Aaa", kanban: 1, userId: null } })[0].name).toBe("Aaa");
  });
});
