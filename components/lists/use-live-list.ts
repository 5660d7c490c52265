"use client";

import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { applyChange, type LiveChange } from "./live-change";
import { usePagedList } from "./use-paged-list";

/**
 * A paged list (usePagedList) kept live: `change` maps each `event` on `channel` (and the rows held
 * now) to remove / upsert / "reload" / null, and page 1 is merged again whenever `catchUp` channels
 * (default: `channel`) subscribe or reconnect.
 */
export function useLiveList<Row extends { id: number }, Event>(
  source: { url: string; key: string; initial?: { items: Row[]; hasMore: boolean } },
  channel: string | null,
  event: string,
  change: (e: Event, items: Row[]) => LiveChange<Row>,
  catchUp: readonly (string | null)[] = [channel],
) {
  const list = usePagedList<Row>(source);
  useRealtimeEvent<Event>(channel, event, (e) => applyChange(list, change(e, list.items)));
  useRealtimeCatchUp(catchUp, list.catchUp, { serverData: true });
  return list;
}
