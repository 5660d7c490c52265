import { newerFirst, type FeedState } from "./list-rules";
import type { FirstPage, TicketItem } from "./ticket-types";

const same = (a: TicketItem, b: TicketItem) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A list's first page read again (its channels subscribed, events may have been missed) merged
 * into what the list shows, by id. The page is the truth down to its last ticket: tickets above
 * it that it no longer holds have left the list. Loaded tickets older than its last one stay, with
 * the pages and the scroll they came with. Tickets an event changed while the page was on its way
 * (`touched`) keep what the event said, as the page may have been read before it; tickets only
 * read meanwhile (`read`: an updateUnread carries no other field) take the page's row with no
 * unread count, so a read never hides a newer last message the page brought.
 * Unchanged tickets keep their objects, and a merge that changes nothing returns `state` itself,
 * so a catch-up that finds nothing new renders nothing.
 */
export function mergeFirstPage(
  state: FeedState,
  fresh: FirstPage,
  touched: ReadonlySet<number> = new Set(),
  read: ReadonlySet<number> = new Set(),
): FeedState {
  const known = new Map(state.items.map((t) => [t.id, t]));
  const inPage = new Set(fresh.tickets.map((t) => t.id));
  const last = fresh.tickets[fresh.tickets.length - 1];
  const fromPage = fresh.tickets
    .filter((t) => !touched.has(t.id))
    // read meanwhile (updateUnread): the page's row, which may predate the read, without its count
    .map((t) => (read.has(t.id) && t.unreadMessages !== 0 ? { ...t, unreadMessages: 0 } : t))
    .map((t) => {
      const before = known.get(t.id);
      return before && same(before, t) ? before : t;
    });
  const older = fresh.hasMore && last ? state.items.filter((t) => !inPage.has(t.id) && !touched.has(t.id) && newerFirst(t, last) > 0) : [];
  const kept = state.items.filter((t) => touched.has(t.id));
  const items = [...fromPage, ...older, ...kept].sort(newerFirst);
  // loaded pages beyond the first keep their own "more to come"
  const hasMore = older.length > 0 ? state.hasMore : fresh.hasMore;
  const count = hasMore ? Math.max(fresh.count, items.length) : items.length;
  const unchanged =
    count === state.count && hasMore === state.hasMore && items.length === state.items.length && items.every((t, i) => t === state.items[i]);
  return unchanged ? state : { items, count, hasMore };
}
