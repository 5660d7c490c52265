"use client";

import { useEffect, useRef } from "react";
import { watchCatchUp } from "./catch-up";
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

/**
 * Calls `catchUp` when the view's channels have all subscribed: the first time (events published
 * between the page's render and its subscriptions were heard by no one) and again after each
 * reconnect. Several channels succeeding together give one call. `serverData`: the view shows data
 * rendered before it mounted, so channels already subscribed by other views catch up at mount too;
 * a view that fetches its data on mount leaves it out (that fetch is already after the binding).
 */
export function useRealtimeCatchUp(names: readonly (string | null)[], catchUp: () => void, opts: { serverData?: boolean } = {}) {
  const rt = useRealtimeContext();
  const latest = useRef(catchUp);
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = catchUp;
  });
  const key = [...new Set(names.filter((n): n is string => Boolean(n)))].join("\n");
  const serverData = Boolean(opts.serverData);
  useEffect(() => {
    if (!rt?.pusher || !key) return;
    const list = key.split("\n");
    const held = list.map((name) => rt.acquire(name)).filter((c): c is NonNullable<typeof c> => c !== null);
    // only the first binding of a mounted view stands for its render; later ones are new channels
    const stop = watchCatchUp(held, () => latest.current(), { now: serverData && !mounted.current });
    mounted.current = true;
    return () => {
      stop();
      list.forEach((name) => rt.release(name));
    };
  }, [rt, key, serverData]);
}
