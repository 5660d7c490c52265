"use client";

import { useSyncExternalStore } from "react";

// spec core §2: "signed messages" is a per-browser option, on unless turned off
const KEY = "signOption";
const listeners = new Set<() => void>();
const read = () => localStorage.getItem(KEY) !== "false";

/** Whether text messages start with "*Agent name*:" and a setter that remembers it. */
export function useSignature(): [boolean, (on: boolean) => void] {
  const signed = useSyncExternalStore(
    (cb) => (listeners.add(cb), () => listeners.delete(cb)),
    read,
    () => true,
  );
  const set = (on: boolean) => {
    localStorage.setItem(KEY, String(on));
    listeners.forEach((l) => l());
  };
  return [signed, set];
}
