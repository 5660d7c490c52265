"use client";

import { useCallback, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { queueSummary } from "@/lib/queues/queue-summary";
import type { Queue } from "@/lib/queues/queue-view";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { sortQueues, type QueueEvent, type QueueRow } from "./queue-types";

/** The company's queues, kept live: `queue` events add, update and remove rows; a reconnect refetches. */
export function useQueues(companyId: number, initial: QueueRow[]) {
  const [rows, setRows] = useState(() => sortQueues(initial));

  const reload = useCallback(async () => {
    const data = await api<Queue[]>("/api/queue");
    setRows(sortQueues(data.map(queueSummary)));
  }, []);

  const upsert = useCallback(
    (row: QueueRow) => setRows((prev) => sortQueues(prev.some((r) => r.id === row.id) ? prev.map((r) => (r.id === row.id ? row : r)) : [...prev, row])),
    [],
  );
  const remove = useCallback((id: number) => setRows((prev) => prev.filter((r) => r.id !== id)), []);

  useRealtimeEvent<QueueEvent>(channels.company(companyId), EVENTS.queue, (e) => {
    if (e.action === "delete") remove(e.queueId);
    else if (e.queue) upsert(e.queue);
  });
  useRealtimeCatchUp([channels.company(companyId)], () => void reload().catch(() => {}), { serverData: true });

  return { rows, reload, upsert, remove };
}
