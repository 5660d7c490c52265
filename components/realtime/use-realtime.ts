"use client";

import { useEffect, useRef } from "react";
import { useRealtimeContext } from "./realtime-provider";

/** Calls `handler` for each `event` on `channel` (null: nothing) while the component is mounted. */
export function useRealtimeEvent<T = unknown>(channel: string | null, event: string, handler: (data: T) => void) {
  const rt = useRealtimeContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    if (!rt || !channel) return;
    const ch = rt.acquire(channel);
    if (!ch) return;
    const bound = (data: T) => latest.current(data);
    ch.bind(event, bound);
    return () => {
      ch.unbind(event, bound);
      rt.release(channel);
    };
  }, [rt, channel, event]);
}

/** Calls `handler` after the realtime connection comes back, so a list can refetch what it missed. */
export function useRealtimeReconnect(handler: () => void) {
  const rt = useRealtimeContext();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => rt?.onReconnect(() => latest.current()), [rt]);
}
