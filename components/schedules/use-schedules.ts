"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { ScheduleEvent, ScheduleRow } from "./schedule-types";

type Range = { start: Date; end: Date };
type Options = { companyId: number; range: Range };

const keyOf = (r: Range) => `${r.start.toISOString()}|${r.end.toISOString()}`;
const inRange = (r: Range, s: ScheduleRow) => {
  const t = new Date(s.sendAt).getTime();
  return t >= r.start.getTime() && t < r.end.getTime();
};

/**
 * The schedules of the calendar's visible range, fetched when the range changes and kept live by
 * `schedule` events on the company channel (spec admin §7: create, update, delete).
 */
export function useSchedules({ companyId, range }: Options) {
  const key = keyOf(range);
  const [rows, setRows] = useState<ScheduleRow[]>([]);
  const [loading, setLoading] = useState(false);
  const loadedKey = useRef<string | null>(null);
  const current = useRef(range);
  useEffect(() => {
    current.current = range;
  });

  const load = useCallback(async (r: Range) => {
    setLoading(true);
    try {
      const qs = new URLSearchParams({ start: r.start.toISOString(), end: r.end.toISOString() });
      const data = await api<{ schedules: ScheduleRow[] }>(`/api/schedules?${qs}`);
      // a slower answer for a range already left behind is dropped
      if (keyOf(current.current) === keyOf(r)) setRows(data.schedules);
      loadedKey.current = keyOf(r);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (loadedKey.current === key) return;
    void load(range).catch(() => {});
    // the key stands for the range
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, load]);

  /** Puts a schedule where it belongs (added, replaced, or dropped when it left the range). */
  const apply = useCallback((s: ScheduleRow) => {
    setRows((prev) => {
      const rest = prev.filter((r) => r.id !== s.id);
      return inRange(current.current, s) ? [...rest, s].sort((a, b) => a.sendAt.localeCompare(b.sendAt)) : rest;
    });
  }, []);
  const remove = useCallback((id: number) => setRows((prev) => prev.filter((r) => r.id !== id)), []);

  useRealtimeEvent<ScheduleEvent>(channels.company(companyId), EVENTS.schedule, (e) => {
    if (e.action === "delete") remove(e.scheduleId);
    else if (e.schedule) apply(e.schedule);
  });
  useRealtimeCatchUp([channels.company(companyId)], () => void load(current.current).catch(() => {}));

  return { rows, loading, apply, remove, reload: () => load(current.current) };
}
