import { withContactIn, type TicketContact } from "@/components/contacts/ticket-contact";
import type { TicketStatus } from "@/lib/realtime/channels";
import type { FeedScope, ListViewer, QueueOption, TicketItem, TicketPatch } from "./ticket-types";

// Pure rules of the ticket lists: which ticket belongs in which tab, and how a live event changes
// a list without reloading it (spec core §2: lists update live and keep their scroll).

export type FeedState = { items: TicketItem[]; count: number; hasMore: boolean };
/** The result of an event: the new list, a ticket to fetch whole, and whether the count is unsure. */
export type Outcome = { state: FeedState; fetchId: number | null; recount: boolean };

type Listed = Pick<TicketItem, "status" | "queueId" | "userId"> & { tags?: { id: number }[] };

/**
 * Does a ticket belong in this list? The client twin of the API's list filters
 * (lib/tickets/ticket-access.ts listedTicketsWhere and lib/tickets/search/list-where.ts).
 */
export function isListedFor(t: Listed, scope: FeedScope, viewer: ListViewer): boolean {
  if (scope.status && t.status !== scope.status) return false;
  // the API's queueIds filter keeps tickets without a queue
  if (scope.queueIds && t.queueId !== null && !scope.queueIds.includes(t.queueId)) return false;
  if (scope.userIds.length && (t.userId === null || !scope.userIds.includes(t.userId))) return false;
  // tickets carrying every picked tag
  if (!scope.tagIds.every((id) => (t.tags ?? []).some((tag) => tag.id === id))) return false;
  if (scope.showAll && viewer.isAdmin) return true;
  const mine = t.userId === viewer.id;
  const inQueues = t.queueId === null || viewer.queueIds.includes(t.queueId);
  // the open tab: one's own; closed and search: whatever one may open; pending: one's queues (all for admins and allTicket users)
  if (scope.status === "open") return mine;
  if (scope.status === "pending") return viewer.isAdmin || viewer.allTicket || mine || inQueues;
  return viewer.isAdmin || mine || inQueues;
}

/** What failed to load, for which filters (scopeKey): their first page, or a catch-up of the list shown. */
export type FeedFailure = { key: string | null; retry: "page" | "catchUp" };

/**
 * What a tab shows for the filters `key`: its list once loaded for them, a skeleton while loading.
 * When loading failed, what it showed before stays (not an empty queue), flagged for a retry.
 */
export function shownFeed(state: FeedState & { key: string | null }, key: string, enabled: boolean, failure: FeedFailure | null) {
  const failed = failure !== null && failure.key === key;
  const current = state.key === key;
  return {
    items: current || failed ? state.items : [],
    hasMore: current && state.hasMore,
    /** nothing to show yet for these filters */
    loading: enabled && !current && !failed,
    failed,
  };
}

/** One text per distinct list query (fixed field order), to tell when a list must load again. */
export const scopeKey = (s: FeedScope) => JSON.stringify([s.status ?? "", s.showAll, s.queueIds, s.tagIds, s.userIds, s.text]);

/**
 * The queueIds to send: null when every queue is chosen (no filter at all). The API reads an empty
 * list as no filter too, so choosing none is not offered; a stale stored choice of none means all.
 */
export function queueFilterParam(available: number[], excluded: number[]): number[] | null {
  const chosen = available.filter((id) => !excluded.includes(id));
  return chosen.length === available.length || chosen.length === 0 ? null : chosen;
}

/** The GET /api/tickets query string of a list page. */
export function ticketsQuery(scope: FeedScope, pageNumber: number, extra: Record<string, string> = {}): string {
  const qs = new URLSearchParams({ pageNumber: String(pageNumber), status: scope.status ?? "", showAll: String(scope.showAll) });
  if (scope.text) qs.set("searchParam", scope.text);
  if (scope.queueIds) qs.set("queueIds", JSON.stringify(scope.queueIds));
  if (scope.tagIds.length) qs.set("tags", JSON.stringify(scope.tagIds));
  if (scope.userIds.length) qs.set("users", JSON.stringify(scope.userIds));
  for (const [k, v] of Object.entries(extra)) qs.set(k, v);
  return qs.toString();
}

const time = (t: { updatedAt: string }) => Date.parse(t.updatedAt) || 0;
/** Newest activity first, as the API orders them. */
export const newerFirst = (a: TicketItem, b: TicketItem) => time(b) - time(a) || b.id - a.id;

const iso = (v: string | Date | undefined) => (v === undefined ? undefined : typeof v === "string" ? v : v.toISOString());

/**
 * A known ticket with an event's fields. A joined name (queue, agent, connection) whose id changed
 * is dropped unless the event brings it: the item is then incomplete and fetched whole.
 */
export function mergeTicket(known: TicketItem, patch: TicketPatch, viewer: ListViewer, queues: QueueOption[]): TicketItem {
  const next: TicketItem = { ...known };
  for (const [k, v] of Object.entries(patch)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  next.updatedAt = iso(patch.updatedAt) ?? known.updatedAt;
  next.contact = { ...known.contact, ...patch.contact };
  if (patch.queue === undefined && next.queueId !== known.queueId) next.queue = queues.find((q) => q.id === next.queueId) ?? null;
  if (patch.user === undefined && next.userId !== known.userId) {
    next.user = next.userId === viewer.id ? { id: viewer.id, name: viewer.name } : null;
  }
  if (patch.whatsapp === undefined && next.whatsappId !== known.whatsappId) next.whatsapp = null;
  return next;
}

/** A list item built from an event alone (when the ticket cannot be fetched). */
export function itemFromPatch(patch: TicketPatch, viewer: ListViewer, queues: QueueOption[]): TicketItem | null {
  if (!patch.contact) return null;
  const base: TicketItem = {
    id: patch.id,
    uuid: patch.uuid,
    status: patch.status,
    unreadMessages: 0,
    lastMessage: "",
    updatedAt: new Date(0).toISOString(),
    isGroup: false,
    chatbot: false,
    useIntegration: false,
    promptId: null,
    integrationId: null,
    userId: null,
    queueId: null,
    whatsappId: null,
    contactId: patch.contact.id,
    contact: patch.contact,
    queue: null,
    whatsapp: null,
    user: null,
    tags: [],
  };
  return mergeTicket(base, patch, viewer, queues);
}

/** Are names missing that the item should show (it came from an event)? */
export const isIncomplete = (t: TicketItem) =>
  (t.queueId !== null && !t.queue) || (t.userId !== null && !t.user) || (t.whatsappId !== null && !t.whatsapp);

/**
 * Puts a ticket in its place (newest activity first). With more pages to come, a ticket older
 * than the last loaded one is left for those pages.
 */
function place(state: FeedState, item: TicketItem): { state: FeedState; added: boolean } {
  const known = state.items.some((t) => t.id === item.id);
  const rest = state.items.filter((t) => t.id !== item.id);
  const last = rest[rest.length - 1];
  if (!known && state.hasMore && last && newerFirst(item, last) > 0) return { state, added: false };
  const items = [...rest, item].sort(newerFirst);
  return { state: { ...state, items, count: known ? state.count : state.count + 1 }, added: !known };
}

function remove(state: FeedState, id: number): FeedState {
  const items = state.items.filter((t) => t.id !== id);
  return { ...state, items, count: Math.max(items.length, state.count - 1) };
}

// all pages loaded: the count is what the list holds
const settle = (o: Outcome): Outcome => (o.state.hasMore ? o : { ...o, state: { ...o.state, count: o.state.items.length }, recount: false });

/** A `ticket` update (or a change answer) applied to a list. */
export function applyUpdate(state: FeedState, patch: TicketPatch, scope: FeedScope, viewer: ListViewer, queues: QueueOption[]): Outcome {
  const known = state.items.find((t) => t.id === patch.id);
  const none: Outcome = { state, fetchId: null, recount: false };
  // a text search cannot be judged here: only tickets it already shows are refreshed
  if (scope.text && !known) return none;
  if (!known) {
    if (isListedFor(patch, scope, viewer)) {
      // shown at once from the event when it names the contact (ingest's does); the whole ticket
      // (connection name, tags) follows from the fetch
      const item = itemFromPatch(patch, viewer, queues);
      if (!item) return { ...none, fetchId: patch.id };
      const placed = place(state, item);
      return settle({ state: placed.state, fetchId: patch.id, recount: placed.added && state.hasMore });
    }
    // it may sit in the pages not loaded yet, and have left this list
    return settle({ ...none, recount: state.hasMore && patch.status === scope.status });
  }
  const merged = mergeTicket(known, patch, viewer, queues);
  if (!isListedFor(merged, scope, viewer)) return settle({ ...none, state: remove(state, known.id) });
  return settle({ state: place(state, merged).state, fetchId: isIncomplete(merged) ? merged.id : null, recount: false });
}

/** A whole ticket (fetched after an event) put in the list, if it still belongs. */
export function applyFull(state: FeedState, item: TicketItem, scope: FeedScope, viewer: ListViewer): Outcome {
  const known = state.items.some((t) => t.id === item.id);
  if (!isListedFor(item, scope, viewer)) return settle({ state: known ? remove(state, item.id) : state, fetchId: null, recount: false });
  const placed = place(state, item);
  // with pages still to load, a newcomer may have been one of them: ask the server for the count
  return settle({ state: placed.state, fetchId: null, recount: placed.added && state.hasMore });
}

/**
 * A `ticket` delete heard on a channel of `channelStatus`: the ticket was deleted, or left that
 * status or queue (its update arrives on the new channel). The search tab checks with the server.
 */
export function applyDelete(state: FeedState, id: number, channelStatus: TicketStatus, scope: FeedScope): Outcome {
  const known = state.items.some((t) => t.id === id);
  const none: Outcome = { state, fetchId: null, recount: false };
  if (!scope.status) return known ? { ...none, fetchId: id } : none;
  if (channelStatus !== scope.status) return none;
  if (known) return settle({ ...none, state: remove(state, id) });
  return settle({ ...none, recount: state.hasMore });
}

/** A `ticket` updateUnread (spec core §7): the ticket was read, nothing unread is left. */
export function applyUnread(state: FeedState, ticketId: number): FeedState {
  const known = state.items.find((t) => t.id === ticketId);
  if (!known || known.unreadMessages === 0) return state;
  return { ...state, items: state.items.map((t) => (t.id === ticketId ? { ...t, unreadMessages: 0 } : t)) };
}

/** A ticket that is gone (deleted, or no longer the viewer's to see). */
export const dropTicket = (state: FeedState, id: number): Outcome => settle({ state: remove(state, id), fetchId: null, recount: false });

/** An `appMessage` create: a ticket whose update has not come yet shows the message already. */
export function applyMessage(state: FeedState, ticketId: number, body: string, createdAt: string): FeedState {
  const known = state.items.find((t) => t.id === ticketId);
  if (!known || Date.parse(createdAt) <= Date.parse(known.updatedAt)) return state;
  return place(state, { ...known, lastMessage: body || known.lastMessage, updatedAt: createdAt }).state;
}

/** A `contact` update (renamed, edited elsewhere): its tickets show the new name, number and picture. */
export function applyContact(state: FeedState, contact: TicketContact): FeedState {
  const items = withContactIn(state.items, contact);
  return items === state.items ? state : { ...state, items };
}

/** What events said about a ticket: its newest activity time (ms), and how many times it left a list. */
export type Heard = { at: number; left: number };

/**
 * Is a whole ticket fetched after an event older than what events said since it was asked
 * (`before`: what had been heard then; `now`: what has been heard since)? It left a list meanwhile,
 * or an event carried a newer activity time than the answer: the answer is asked again.
 */
export function outdatedAnswer(item: { updatedAt: string }, before: Heard | undefined, now: Heard | undefined): boolean {
  if (!now) return false;
  return now.left !== (before?.left ?? 0) || now.at > (Date.parse(item.updatedAt) || 0);
}
