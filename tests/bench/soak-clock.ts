// The soak's fake time (tests/bench/whatsapp-soak.ts): WhatsApp-side durations run SPEED times
// faster than the wall clock. An hour of customers writing, sockets dropping and reconnect waits
// passes in 3600 / SPEED seconds, while every time that is written down (message timestamps, rows,
// leases, campaign due times) stays the wall clock's: the database is real and compares with its
// own now(), so only durations are compressed, never dates.
import { performance } from "node:perf_hooks";

export type Clock = ReturnType<typeof createClock>;

export function createClock(speed: number) {
  const start = performance.now();
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  /** fake milliseconds since the start */
  const fakeMs = () => (performance.now() - start) * speed;

  /** runs `fn` at fake time `fake` (ms since the start) */
  function at(fake: number, fn: () => void) {
    if (stopped) return;
    const t = setTimeout(() => {
      timers.delete(t);
      if (!stopped) fn();
    }, Math.max(0, (fake - fakeMs()) / speed));
    timers.add(t);
  }

  return {
    speed,
    fakeMs,
    at,
    /** runs `fn` `fake` ms of fake time from now */
    after: (fake: number, fn: () => void) => at(fakeMs() + fake, fn),
    /** a fake duration (ms) as wall-clock ms */
    real: (fake: number) => fake / speed,
    /** "mm:ss" of fake time */
    label() {
      const s = Math.floor(fakeMs() / 1000);
      return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
    },
    realSeconds: () => (performance.now() - start) / 1000,
    /** no more scheduled events (the settle phase) */
    stop() {
      stopped = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/**
 * Baileys' reconnect waits (1 s, 2 s, 4 s ... 60 s, lib/whatsapp/providers/baileys/reconnect-policy.ts)
 * are the one WhatsApp-side wait the adapter takes no dependency for: connection.ts arms them with
 * the global setTimeout in `scheduleReconnect`. This shim shortens exactly those (recognised by
 * that frame on the stack; only delays of a second or more pay for the stack) by `speed`, so they
 * pass in fake time too. Every other timer of the process is untouched. Answers how many it
 * shortened, and how to undo it.
 */
export function compressReconnectDelays(speed: number) {
  const original = globalThis.setTimeout;
  const counts = { shortened: 0 };
  const shim = ((fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    if (typeof ms === "number" && ms >= 1000 && new Error().stack?.includes("scheduleReconnect")) {
      counts.shortened++;
      ms = ms / speed;
    }
    return original(fn, ms, ...args);
  }) as typeof setTimeout;
  globalThis.setTimeout = Object.assign(shim, original);
  return { counts, undo: () => void (globalThis.setTimeout = original) };
}

/** A seeded random source (mulberry32): the same seed, the same scenario. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** uniform in [lo, hi) */
    between: (lo: number, hi: number) => lo + next() * (hi - lo),
    /** exponential with this mean, at least `min` */
    exp: (mean: number, min = 0) => Math.max(min, -Math.log(1 - next()) * mean),
  };
}
