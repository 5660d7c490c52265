import { withContactIn, type TicketContact } from "@/components/contacts/ticket-contact";
import type { BoardState, BoardViewer, Card, CardPatch, LaneKey, LanePage, LaneState } from "./board-types";

// Pure rules of the kanban board (admin §2.8): which lanes a ticket sits in, a drag's optimistic
// move and its undoing, and how a live `ticket` event changes the board without reloading it.

const EMPTY: LaneState = { items: [], count: 0, hasMore: false, page: 0 };

/**
 * The lanes a ticket sits in, as GET /api/ticket/kanban lists them: each board lane whose tag it
 * carries, or 'Em aberto' when it carries none of them.
 */
export function lanesOf(tags: { id: number }[], laneTagIds: readonly number[]): LaneKey[] {
  const lanes = laneTagIds.filter((id) => tags.some((t) => t.id === id));
  return lanes.length ? lanes : ["open"];
}

/**
 * Is the ticket on this viewer's board? The client twin of lib/kanban/board-where.ts: open or
 * pending; admins every one, others their queues', queue-less and own ones, allTicket users every
 * pending one; the queue filter (null: none) keeps queue-less tickets.
 */
export function isOnBoard(t: Pick<Card, "status" | "queueId" | "userId">, viewer: BoardViewer, queueFilter: number[] | null): boolean {
  if (t.status !== "open" && t.status !== "pending") return false;
  if (queueFilter && t.queueId !== null && !queueFilter.includes(t.queueId)) return false;
  if (viewer.isAdmin || t.userId === viewer.id || t.queueId === null || viewer.queueIds.includes(t.queueId)) return true;
  return viewer.allTicket && t.status === "pending";
}

const time = (t: { updatedAt: string }) => Date.parse(t.updatedAt) || 0;
/** Newest activity first, the id breaking ties, as the API orders a lane. */
export const newerFirst = (a: Card, b: Card) => time(b) - time(a) || b.id - a.id;

const find = (state: BoardState, id: number): Card | undefined => {
  for (const lane of Object.values(state)) {
    const hit = lane.items.find((c) => c.id === id);
    if (hit) return hit;
  }
  return undefined;
};

/** The card of a ticket wherever it is on the board. */
export const findCard = find;

/** The board without the ticket (each lane that showed it counts one less). */
export function removeCard(state: BoardState, id: number): BoardState {
  let changed = false;
  const next: BoardState = {};
  for (const [key, lane] of Object.entries(state)) {
    if (!lane.items.some((c) => c.id === id)) next[key] = lane;
    else {
      changed = true;
      const items = lane.items.filter((c) => c.id !== id);
      next[key] = { ...lane, items, count: Math.max(items.length, lane.count - 1) };
    }
  }
  return changed ? next : state;
}

/**
 * Puts a card in the lanes its tags name (and out of the others), newest first. A lane with
 * more pages to come leaves a card older than its last loaded one to those pages, but counts it.
 */
export function placeCard(state: BoardState, card: Card, laneTagIds: readonly number[]): BoardState {
  const wanted = new Set(lanesOf(card.tags, laneTagIds).map(String));
  const next: BoardState = {};
  for (const [key, lane] of Object.entries(state)) {
    const had = lane.items.some((c) => c.id === card.id);
    const rest = had ? lane.items.filter((c) => c.id !== card.id) : lane.items;
    if (!wanted.has(key)) {
      next[key] = had ? { ...lane, items: rest, count: Math.max(rest.length, lane.count - 1) } : lane;
      continue;
    }
    const last = rest[rest.length - 1];
    const count = had ? lane.count : lane.count + 1;
    if (!had && lane.hasMore && last && newerFirst(card, last) > 0) next[key] = { ...lane, count };
    else next[key] = { ...lane, items: [...rest, card].sort(newerFirst), count: Math.max(count, rest.length + 1) };
  }
  return next;
}

/** The card with its tags as a move to `to` leaves them: other lanes' tags out, the target's in. */
export function movedCard(card: Card, to: LaneKey, laneTags: readonly { id: number; name: string; color: string }[]): Card {
  const laneIds = new Set(laneTags.map((t) => t.id));
  const kept = card.tags.filter((t) => !laneIds.has(t.id));
  const target = to === "open" ? undefined : laneTags.find((t) => t.id === to);
  const tags = target ? [...kept, { id: target.id, name: target.name, color: target.color }] : kept;
  return { ...card, tags: tags.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id) };
}

/**
 * A drop: the call (PUT to a tag lane, DELETE back to 'Em aberto') and the toasts after it, spec
 * admin §8: 'Ticket Tag Removido!' when it left a tag lane, 'Ticket Tag Adicionado com Sucesso!'
 * when it entered one (a move between two tag lanes does both, as §4 describes it).
 */
export function dropPlan(from: LaneKey, to: LaneKey): null | { call: "put" | "delete"; toasts: ("removed" | "added")[] } {
  if (from === to) return null;
  const toasts: ("removed" | "added")[] = [];
  if (from !== "open") toasts.push("removed");
  if (to !== "open") toasts.push("added");
  return { call: to === "open" ? "delete" : "put", toasts };
}

const iso = (v: string | Date | undefined) => (v === undefined ? undefined : typeof v === "string" ? v : v.toISOString());

/** A known card with an event's fields (an event without tags keeps the card's). */
export function mergeCard(known: Card, patch: CardPatch): Card {
  const next: Card = { ...known };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  next.updatedAt = iso(patch.updatedAt) ?? known.updatedAt;
  next.contact = { ...known.contact, ...patch.contact };
  if (patch.queue === undefined && next.queueId !== known.queueId) next.queue = null;
  if (patch.user === undefined && next.userId !== known.userId) next.user = null;
  return next;
}

/** The result of an event: the new board, and a ticket to read whole (GET /api/tickets/{id}). */
export type Outcome = { state: BoardState; fetchId: number | null };

/**
 * A `ticket` update heard on one of the board's channels. A card leaves when the ticket is off the
 * board (closed, out of the filter); a known card takes the event's fields and moves to the lanes
 * its tags name; a ticket the board did not show is read whole first (the event lacks names).
 */
export function applyTicketUpdate(state: BoardState, patch: CardPatch, ctx: { viewer: BoardViewer; queueFilter: number[] | null; laneTagIds: readonly number[] }): Outcome {
  const known = find(state, patch.id);
  if (!isOnBoard(patch, ctx.viewer, ctx.queueFilter)) return { state: known ? removeCard(state, patch.id) : state, fetchId: null };
  if (!known) return { state, fetchId: patch.id };
  const merged = mergeCard(known, patch);
  const incomplete = (merged.queueId !== null && !merged.queue) || (merged.userId !== null && !merged.user);
  return { state: placeCard(state, merged, ctx.laneTagIds), fetchId: incomplete ? merged.id : null };
}

/** A whole ticket (read after an event): placed if it is on the board, taken off otherwise. */
export function applyWholeTicket(state: BoardState, card: Card, ctx: { viewer: BoardViewer; queueFilter: number[] | null; laneTagIds: readonly number[] }): BoardState {
  if (!isOnBoard(card, ctx.viewer, ctx.queueFilter)) return removeCard(state, card.id);
  return placeCard(state, card, ctx.laneTagIds);
}

/** A `contact` update (renamed, edited elsewhere): its cards show the new name, number and picture. */
export function applyContactToBoard(state: BoardState, contact: TicketContact): BoardState {
  let changed = false;
  const next: BoardState = {};
  for (const [key, lane] of Object.entries(state)) {
    const items = withContactIn(lane.items, contact);
    changed ||= items !== lane.items;
    next[key] = items === lane.items ? lane : { ...lane, items };
  }
  return changed ? next : state;
}

/** A lane's page: page 1 replaces the lane, later pages add what it did not hold. */
export function withPage(lane: LaneState | undefined, page: LanePage, pageNumber: number): LaneState {
  const prev = lane ?? EMPTY;
  const items = pageNumber === 1 ? page.tickets : [...prev.items, ...page.tickets.filter((c) => !prev.items.some((p) => p.id === c.id))];
  return { items, count: page.count, hasMore: page.hasMore, page: pageNumber };
}

/**
 * A lane's first page read again (channels (re)subscribed: events may have been missed), merged:
 * the page is the truth down to its last card; loaded cards older than that stay with their pages.
 */
export function mergeFirstPage(lane: LaneState | undefined, page: LanePage): LaneState {
  const prev = lane ?? EMPTY;
  const last = page.tickets[page.tickets.length - 1];
  const inPage = new Set(page.tickets.map((c) => c.id));
  const older = page.hasMore && last ? prev.items.filter((c) => !inPage.has(c.id) && newerFirst(c, last) > 0) : [];
  const items = [...page.tickets, ...older].sort(newerFirst);
  return { items, count: page.hasMore ? Math.max(page.count, items.length) : items.length, hasMore: older.length ? prev.hasMore : page.hasMore, page: older.length ? prev.page : 1 };
}
