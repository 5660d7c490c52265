"use client";

import { useCallback, useSyncExternalStore } from "react";

// The newest announcement a user has seen (the popover opened with it loaded), kept per user in
// this browser: the badge counts the announcements newer than it. Ids grow with time, so the
// largest id seen is the mark. Other tabs follow through the `storage` event.
const keyOf = (userId: number) => `announcements.seen.${userId}`;
const listeners = new Set<() => void>();

function subscribe(cb: () => void) {
  listeners.add(cb);
  window.addEventListener("storage", cb);
  return () => {
    listeners.delete(cb);
    window.removeEventListener("storage", cb);
  };
}

function read(userId: number): number {
  try {
    return Number(window.localStorage.getItem(keyOf(userId))) || 0;
  } catch {
    return 0; // storage refused (private mode): everything counts as unseen
  }
}

/** The user's seen mark (0: none yet; null while rendering on the server) and a setter. */
export function useSeenMark(userId: number): [number | null, (id: number) => void] {
  const mark = useSyncExternalStore(subscribe, () => read(userId), () => null);
  const set = useCallback(
    (id: number) => {
      if (id <= read(userId)) return;
      try {
        window.localStorage.setItem(keyOf(userId), String(id));
      } catch {
        // not kept: the badge comes back on the next load
      }
      listeners.forEach((l) => l());
    },
    [userId],
  );
  return [mark, set];
}
