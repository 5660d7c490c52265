"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { TicketContact } from "@/components/contacts/ticket-contact";
import { api, ApiError } from "@/lib/api/client";
import type { TicketStatus } from "@/lib/realtime/channels";
import {
  applyContact,
  applyDelete,
  applyFull,
  applyMessage,
  applyUnread,
  applyUpdate,
  dropTicket,
  itemFromPatch,
  mergeTicket,
  outdatedAnswer,
  scopeKey,
  shownFeed,
  ticketsQuery,
  type FeedFailure,
  type FeedState,
  type Heard,
  type Outcome,
} from "./list-rules";
import type { FeedScope, FirstPage, ListViewer, QueueOption, TicketItem, TicketPatch } from "./ticket-types";
import { mergeFirstPage } from "./catch-up-rules";

type Keyed = FeedState & { key: string | null };
type Options = {
  scope: FeedScope;
  viewer: ListViewer;
  queues: QueueOption[];
  /** the server-rendered first page and the scope it was read for */
  initial?: { page: FirstPage; scope: FeedScope };
  /** a tab not opened yet loads nothing */
  enabled: boolean;
  /** a page or a catch-up failed to load (the panel shows one notice for every tab) */
  onError?: () => void;
};

const RECOUNT_DELAY_MS = 1000; // a burst of events asks for the count once

// every tab hears the same event: one GET /api/tickets/{id} serves them all
const inflight = new Map<number, Promise<TicketItem>>();
// what events said about each ticket (any tab): its newest activity time, and how many times it left
// a list. A GET sent before an event may answer the ticket as it was before it (the bot's answer
// written with the customer's message comes right after it): it is not shared after such an event,
// and its answer is asked again (once) when older than what the events said.
const heard = new Map<number, Heard>();
// only a GET in flight when an event came reads an entry: a tab open all day keeps the newest ones
const HEARD_KEPT = 2000;
function hear(id: number, updatedAt: string | Date | undefined | null) {
  const h = heard.get(id) ?? { at: 0, left: 0 };
  const at = updatedAt ? new Date(updatedAt).getTime() || 0 : 0;
  if (updatedAt !== null && at <= h.at) return;
  heard.delete(id); // set again below: the Map's order is the order tickets were last heard of
  heard.set(id, updatedAt === null ? { ...h, left: h.left + 1 } : { ...h, at });
  if (heard.size > HEARD_KEPT) heard.delete(heard.keys().next().value!);
  inflight.delete(id);
}
const outdated = (item: TicketItem, before: Heard | undefined) => outdatedAnswer(item, before, heard.get(item.id));

function getWhole(id: number): Promise<TicketItem> {
  let p = inflight.get(id);
  if (!p) {
    p = api<TicketItem>(`/api/tickets/${id}`).finally(() => inflight.delete(id));
    inflight.set(id, p);
  }
  return p;
}

/**
 * One ticket list (a tab): pages from GET /api/tickets, loaded again when its filters change,
 * and kept live by the events the panel hands it, without reloading (the scroll stays).
 */
export function useTicketFeed({ scope, viewer, queues, initial, enabled, onError }: Options) {
  const key = scopeKey(scope);
  const [state, setState] = useState<Keyed>(() =>
    initial
      ? { key: scopeKey(initial.scope), items: initial.page.tickets, count: initial.page.count, hasMore: initial.page.hasMore }
      : { key: null, items: [], count: 0, hasMore: false },
  );
  const [loadingMore, setLoadingMore] = useState(false);
  // what failed to load, kept with the filters it was for: the list keeps what it showed, and offers a retry
  const [failure, setFailure] = useState<FeedFailure | null>(null);
  const current = useRef(state);
  const latest = useRef({ scope, key, viewer, queues, onError });
  const generation = useRef(0);
  const page = useRef(1);
  const recountTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // per catch-up page on its way: the tickets events changed meanwhile (the page may predate them)
  const catchUps = useRef(new Set<{ touched: Set<number>; read: Set<number> }>());
  const touch = (id: number) => catchUps.current.forEach((c) => c.touched.add(id));
  const markRead = (id: number) => catchUps.current.forEach((c) => c.read.add(id));

  useEffect(() => {
    latest.current = { scope, key, viewer, queues, onError };
  });

  const commit = useCallback((next: Keyed) => {
    current.current = next;
    setState(next);
  }, []);

  // page 1 again, merged by id: loaded pages and scroll stay
  const runCatchUp = useCallback(() => {
    const gen = generation.current;
    const k = current.current.key;
    const pending = { touched: new Set<number>(), read: new Set<number>() };
    catchUps.current.add(pending);
    api<FirstPage>(`/api/tickets?${ticketsQuery(latest.current.scope, 1)}`)
      .then((data) => {
        if (gen !== generation.current || current.current.key !== k) return;
        const next = mergeFirstPage(current.current, data, pending.touched, pending.read);
        if (next !== current.current) commit({ ...next, key: k });
        setFailure((f) => (f?.retry === "catchUp" ? null : f));
      })
      .catch(() => {
        if (gen !== generation.current || current.current.key !== k) return;
        setFailure({ key: k, retry: "catchUp" });
        latest.current.onError?.();
      })
      .finally(() => catchUps.current.delete(pending));
  }, [commit]);
  // the channels came in while page 1 of new filters was loading: that page may predate them
  const catchUpAfterLoad = useRef(false);

  const fetchPage = useCallback(
    async (pageNumber: number) => {
      const { scope: s, key: k } = latest.current;
      const gen = generation.current;
      try {
        const data = await api<FirstPage>(`/api/tickets?${ticketsQuery(s, pageNumber)}`);
        if (gen !== generation.current) return; // the filters changed meanwhile
        const prev = current.current.key === k ? current.current.items : [];
        const items = pageNumber === 1 ? data.tickets : [...prev, ...data.tickets.filter((r) => !prev.some((p) => p.id === r.id))];
        page.current = pageNumber;
        commit({ key: k, items, count: data.count, hasMore: data.hasMore });
        if (pageNumber === 1) setFailure(null);
        if (pageNumber === 1 && catchUpAfterLoad.current) {
          catchUpAfterLoad.current = false;
          runCatchUp();
        }
      } catch {
        if (gen !== generation.current) return;
        // not an empty queue: what the list showed stays, with a retry (a later page: scrolling asks again)
        if (pageNumber === 1) setFailure({ key: k, retry: "page" });
        latest.current.onError?.();
      } finally {
        if (gen === generation.current) setLoadingMore(false);
      }
    },
    [commit, runCatchUp],
  );

  // a new scope (tab opened, filter changed) starts again from page 1
  useEffect(() => {
    if (!enabled || current.current.key === key) return;
    generation.current++;
    void fetchPage(1);
  }, [enabled, key, fetchPage]);

  const recount = useCallback(() => {
    if (recountTimer.current) clearTimeout(recountTimer.current);
    recountTimer.current = setTimeout(() => {
      const gen = generation.current;
      api<FirstPage>(`/api/tickets?${ticketsQuery(latest.current.scope, 1)}`)
        .then((data) => gen === generation.current && commit({ ...current.current, count: data.count }))
        .catch(() => {});
    }, RECOUNT_DELAY_MS);
  }, [commit]);
  useEffect(() => () => void (recountTimer.current && clearTimeout(recountTimer.current)), []);

  // the names an event does not carry come from GET /api/tickets/{id}
  const fetchWhole = useCallback(
    (id: number, patch?: TicketPatch, again = false) => {
      const gen = generation.current;
      const before = heard.get(id);
      getWhole(id)
        .then((item) => {
          if (gen !== generation.current) return;
          // an event about it came while this was on its way and says more: ask again, once
          if (!again && outdated(item, before)) return fetchWhole(id, patch, true);
          apply((s, l) => applyFull(s, item, l.scope, l.viewer));
        })
        .catch((err: unknown) => {
          if (gen !== generation.current) return;
          const gone = err instanceof ApiError && err.status === 404;
          const known = current.current.items.find((t) => t.id === id);
          const { viewer: v, queues: q } = latest.current;
          // refused (another queue's pending ticket an allTicket user sees): show what the event said
          const fallback = gone || !patch ? null : known ? mergeTicket(known, patch, v, q) : itemFromPatch(patch, v, q);
          if (fallback) apply((s, l) => applyFull(s, fallback, l.scope, l.viewer));
          else if (known && err instanceof ApiError) apply((s) => dropTicket(s, id));
        });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- apply is stable through refs
    [],
  );

  function apply(change: (s: FeedState, l: typeof latest.current) => Outcome, patch?: TicketPatch) {
    // a tab not opened yet, or loading for new filters, gets the fresh page instead
    if (current.current.key !== latest.current.key) return;
    const outcome = change(current.current, latest.current);
    if (outcome.state !== current.current) commit({ ...outcome.state, key: current.current.key });
    if (outcome.fetchId !== null) fetchWhole(outcome.fetchId, patch);
    if (outcome.recount) recount();
  }

  const shown = shownFeed(state, key, enabled, failure);
  return {
    ...shown,
    count: state.count,
    loadingMore,
    /** Loads again what failed: the first page of these filters, or the catch-up. */
    retry: () => {
      if (!failure || failure.key !== key) return;
      setFailure(null);
      if (failure.retry === "catchUp") return runCatchUp();
      generation.current++;
      void fetchPage(1);
    },
    loadMore: () => {
      if (loadingMore || !current.current.hasMore || current.current.key !== latest.current.key) return;
      setLoadingMore(true);
      void fetchPage(page.current + 1);
    },
    /** After the list's channels subscribed (page load, reconnect): page 1 again, merged by id. */
    catchUp: () => {
      if (!enabled) return; // a tab not opened yet loads when opened
      if (current.current.key !== latest.current.key) catchUpAfterLoad.current = true;
      else runCatchUp();
    },
    onUpdate: (patch: TicketPatch) => {
      hear(patch.id, patch.updatedAt);
      touch(patch.id);
      apply((s, l) => applyUpdate(s, patch, l.scope, l.viewer, l.queues), patch);
    },
    onDelete: (id: number, channelStatus: TicketStatus) => {
      hear(id, null);
      touch(id);
      apply((s, l) => applyDelete(s, id, channelStatus, l.scope));
    },
    onUnread: (ticketId: number) => {
      markRead(ticketId);
      apply((s) => ({ state: applyUnread(s, ticketId), fetchId: null, recount: false }));
    },
    /** A contact renamed or edited: a catch-up page on its way may predate it, so its tickets keep this. */
    onContact: (contact: TicketContact) => {
      current.current.items.forEach((t) => t.contact.id === contact.id && touch(t.id));
      apply((s) => ({ state: applyContact(s, contact), fetchId: null, recount: false }));
    },
    onMessage: (ticketId: number, body: string, createdAt: string) => {
      touch(ticketId);
      apply((s) => ({ state: applyMessage(s, ticketId, body, createdAt), fetchId: null, recount: false }));
    },
  };
}

export type TicketFeed = ReturnType<typeof useTicketFeed>;
