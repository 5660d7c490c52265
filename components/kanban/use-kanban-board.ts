"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { TicketContact } from "@/components/contacts/ticket-contact";
import { api, ApiError } from "@/lib/api/client";
import type { TicketListItem } from "@/lib/tickets/ticket-view";
import { applyContactToBoard, applyTicketUpdate, applyWholeTicket, findCard, mergeFirstPage, placeCard, removeCard, withPage, type Outcome } from "./board-rules";
import { laneId, type BoardState, type BoardViewer, type Card, type CardPatch, type LaneKey, type LanePage, type LaneTag } from "./board-types";

type Options = { viewer: BoardViewer; lanes: LaneTag[]; initial: BoardState; queueFilter: number[] | null };

const laneQuery = (key: LaneKey, pageNumber: number, queueFilter: number[] | null) => {
  const qs = new URLSearchParams({ lane: String(key), pageNumber: String(pageNumber) });
  if (queueFilter) qs.set("queueIds", JSON.stringify(queueFilter));
  return `/api/ticket/kanban?${qs}`;
};

/** A ticket read whole (GET /api/tickets/{id}) as a card. */
const toCard = (t: Omit<TicketListItem, "updatedAt"> & { updatedAt: string }): Card => {
  const { id, uuid, status, queueId, userId, unreadMessages, lastMessage, updatedAt, contact, queue, user, tags } = t;
  return { id, uuid, status, queueId, userId, unreadMessages, lastMessage, updatedAt, contact, queue, user, tags };
};

/**
 * The board's cards: the first page of each lane (server-rendered), more pages as a lane scrolls,
 * everything again when the queue filter changes, and live through `ticket` events (board-rules.ts).
 */
export function useKanbanBoard({ viewer, lanes, initial, queueFilter }: Options) {
  const [board, setBoard] = useState<BoardState>(initial);
  const current = useRef(board);
  const latest = useRef({ viewer, lanes, queueFilter });
  const generation = useRef(0);
  const loading = useRef(new Set<string>());
  // tickets heard of while a catch-up's pages are in flight: those pages may predate the event
  const heard = useRef<Set<number> | null>(null);
  useEffect(() => {
    latest.current = { viewer, lanes, queueFilter };
  });

  const commit = useCallback((next: BoardState) => {
    if (next === current.current) return;
    current.current = next;
    setBoard(next);
  }, []);
  const ctxOf = () => ({ viewer: latest.current.viewer, queueFilter: latest.current.queueFilter, laneTagIds: latest.current.lanes.map((l) => l.id) });

  const loadPage = useCallback(
    async (key: LaneKey, pageNumber: number, merge = false) => {
      const gen = generation.current;
      const page = await api<LanePage>(laneQuery(key, pageNumber, latest.current.queueFilter));
      if (gen !== generation.current) return;
      const lane = current.current[laneId(key)];
      commit({ ...current.current, [laneId(key)]: merge ? mergeFirstPage(lane, page) : withPage(lane, page, pageNumber) });
      return page;
    },
    [commit],
  );

  // every lane from its first page (the queue filter changed, or lanes came and went)
  const reload = useCallback(() => {
    generation.current++;
    const keys: LaneKey[] = ["open", ...latest.current.lanes.map((l) => l.id)];
    commit(Object.fromEntries(keys.map((k) => [laneId(k), current.current[laneId(k)] ?? { items: [], count: 0, hasMore: false, page: 0 }])));
    keys.forEach((k) => void loadPage(k, 1).catch(() => {}));
  }, [commit, loadPage]);

  const filterKey = JSON.stringify(queueFilter);
  const firstFilter = useRef(filterKey);
  useEffect(() => {
    if (filterKey !== firstFilter.current) {
      firstFilter.current = filterKey;
      reload();
    }
  }, [filterKey, reload]);

  const laneKeys = lanes.map((l) => l.id).join(",");
  const firstLanes = useRef(laneKeys);
  useEffect(() => {
    if (laneKeys !== firstLanes.current) {
      firstLanes.current = laneKeys;
      reload();
    }
  }, [laneKeys, reload]);

  const readWhole = useCallback(
    (id: number) => {
      const gen = generation.current;
      api<Omit<TicketListItem, "updatedAt"> & { updatedAt: string }>(`/api/tickets/${id}`)
        .then((t) => gen === generation.current && commit(applyWholeTicket(current.current, toCard(t), ctxOf())))
        // gone, or no longer the viewer's to open
        .catch((err: unknown) => gen === generation.current && err instanceof ApiError && commit(removeCard(current.current, id)));
    },
    [commit],
  );

  const apply = (o: Outcome) => {
    commit(o.state);
    if (o.fetchId !== null) readWhole(o.fetchId);
  };

  return {
    board,
    loadMore: (key: LaneKey) => {
      const lane = current.current[laneId(key)];
      const id = laneId(key);
      if (!lane?.hasMore || loading.current.has(id)) return;
      loading.current.add(id);
      void loadPage(key, lane.page + 1)
        .catch(() => {})
        .finally(() => loading.current.delete(id));
    },
    /**
     * After the channels (re)subscribed: each lane's first page again, merged; cards land where their tags say.
     * A ticket event heard while those pages were in flight may be newer than them: such tickets are read whole after.
     */
    catchUp: () => {
      const keys: LaneKey[] = ["open", ...latest.current.lanes.map((l) => l.id)];
      const since = new Set<number>();
      heard.current = since;
      void Promise.all(keys.map((k) => loadPage(k, 1, true).catch(() => undefined))).then((pages) => {
        if (heard.current === since) heard.current = null;
        let next = current.current;
        for (const page of pages) for (const card of page?.tickets ?? []) next = placeCard(next, card, ctxOf().laneTagIds);
        commit(next);
        since.forEach(readWhole);
      });
    },
    reload,
    onUpdate: (patch: CardPatch) => {
      heard.current?.add(patch.id);
      apply(applyTicketUpdate(current.current, patch, ctxOf()));
    },
    /** A contact renamed or edited: its cards show it (read whole after a catch-up on its way, which may predate it). */
    onContact: (contact: TicketContact) => {
      for (const lane of Object.values(current.current)) lane.items.forEach((c) => c.contact.id === contact.id && heard.current?.add(c.id));
      commit(applyContactToBoard(current.current, contact));
    },
    /** The ticket left a list channel (closed, moved, deleted): read it to know where it is now. */
    onDelete: (id: number) => {
      heard.current?.add(id);
      if (findCard(current.current, id)) readWhole(id);
    },
    /** The board as a drag leaves it (optimistic) or as its undoing puts it back. */
    place: (card: Card) => commit(placeCard(current.current, card, ctxOf().laneTagIds)),
    find: (id: number) => findCard(current.current, id),
  };
}

export type KanbanBoardState = ReturnType<typeof useKanbanBoard>;
