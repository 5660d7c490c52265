"use client";

import { useEffect, useMemo, useState, useSyncExternalStore } from "react";
import type { Viewer } from "@/components/shell/viewer-context";
import { api } from "@/lib/api/client";
import { queueFilterParam } from "./list-rules";
import type { QueueOption } from "./ticket-types";

const listeners = new Set<() => void>();
const storageKey = (userId: number) => `ticketsQueueFilter:${userId}`;

function parseIds(raw: string): number[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/**
 * The queue filter of the ticket lists (spec core §2), remembered in this browser. What is kept
 * is the queues left out, so a queue added later shows without asking. Admins choose among every
 * queue of the company (GET /api/queue), others among their own.
 */
export function useQueueFilter(viewer: Viewer) {
  const isAdmin = viewer.profile === "admin";
  const key = storageKey(viewer.id);
  const stored = useSyncExternalStore(
    (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    () => localStorage.getItem(key) ?? "[]",
    () => "[]",
  );
  const excluded = useMemo(() => parseIds(stored), [stored]);
  const [companyQueues, setCompanyQueues] = useState<QueueOption[] | null>(null);

  // admins pick among every queue; allTicket users listen to every queue's pending tickets
  const needsAll = isAdmin || viewer.allTicket;
  useEffect(() => {
    if (!needsAll) return;
    let live = true;
    api<QueueOption[]>("/api/queue")
      .then((rows) => live && setCompanyQueues(rows.map(({ id, name, color }) => ({ id, name, color }))))
      .catch(() => live && setCompanyQueues([]));
    return () => {
      live = false;
    };
  }, [needsAll]);

  const options = isAdmin ? (companyQueues ?? viewer.queues) : viewer.queues;
  // until an admin's queues are known a stored choice cannot be turned into ids: no filter yet
  const known = !isAdmin || companyQueues !== null;
  const queueIds = known ? queueFilterParam(options.map((q) => q.id), excluded) : null;

  const chosen = options.filter((q) => !excluded.includes(q.id)).map((q) => q.id);
  return {
    options,
    /** every queue the company has, as far as this viewer knows them (names and colours) */
    allQueues: companyQueues ?? viewer.queues,
    // none left (a stale choice) reads as all, as the API does
    chosen: chosen.length ? chosen : options.map((q) => q.id),
    queueIds,
    setChosen: (ids: number[]) => {
      if (!ids.length) return; // at least one queue stays chosen
      const left = options.filter((q) => !ids.includes(q.id)).map((q) => q.id);
      localStorage.setItem(key, JSON.stringify(left));
      listeners.forEach((l) => l());
    },
  };
}
