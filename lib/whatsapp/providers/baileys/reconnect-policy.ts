import type { Disconnect } from "../../types";

const BACKOFF_FIRST_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/** 1 s, 2 s, 4 s ... at most 60 s. */
export const reconnectDelayMs = (attempt: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempt);

export type ReconnectLimits = {
  /** an open that lasted this long resets the backoff (a flapping socket does not) */
  stableMs: number;
  /**
   * "replaced by another session" (440) this many closes in a row is a loop (with the backoff's
   * first waits, 5 in a row take about half a minute)
   */
  replacedPerLoop: number;
  /** after this many loops in a row (the lease never moved: another deployment uses the session) it stops */
  replacedLoopsToStop: number;
  /** after this many failed attempts in a row, or this long without a stable open, an admin must look */
  attentionAttempts: number;
  attentionMs: number;
  /** WhatsApp could not read the session (500) this many closes in a row: pair again, an admin must act */
  badSessionsToRepair: number;
};

export const DEFAULT_LIMITS: ReconnectLimits = {
  stableMs: 60_000,
  replacedPerLoop: 5,
  replacedLoopsToStop: 3,
  attentionAttempts: 10,
  attentionMs: 30 * 60_000,
  badSessionsToRepair: 3,
};

export type CloseDecision = { action: "retry"; delayMs: number; needsAttention: boolean } | { action: "stop"; needsAttention: true };

/**
 * When and whether a connection reconnects, by reason (issue 33 part 5). The backoff grows with
 * each failed attempt and resets only after a stable open, so a socket that opens and drops at once
 * does not reconnect every second; a 440 loop (another session keeps taking over) waits at least the
 * longest backoff between tries and, after a few loops, stops; a connection failing for long asks an
 * admin to look while it keeps trying.
 */
export function createReconnectPolicy(now: () => number, limits: ReconnectLimits = DEFAULT_LIMITS) {
  let attempt = 0;
  let openedAt: number | null = null;
  let healthyAt = now();
  let replaced = 0; // 440 closes in a row
  let loops = 0;
  let badSessions = 0; // 500 closes in a row

  return {
    /** start() of the connection: a fresh count */
    started() {
      attempt = 0;
      openedAt = null;
      healthyAt = now();
      replaced = 0;
      loops = 0;
      badSessions = 0;
    },
    opened() {
      openedAt = now();
    },
    /** a failed attempt that was no close (the session could not be read): the next wait */
    retryDelay: () => reconnectDelayMs(attempt++),
    closed(d: Disconnect): CloseDecision {
      const t = now();
      if (openedAt !== null && t - openedAt >= limits.stableMs) {
        attempt = 0;
        healthyAt = t;
        replaced = 0;
        loops = 0;
      }
      openedAt = null;
      let delayMs = reconnectDelayMs(attempt++);
      if (d.reason === "replaced") {
        if (++replaced % limits.replacedPerLoop === 0 && ++loops >= limits.replacedLoopsToStop) return { action: "stop", needsAttention: true };
        if (loops > 0) delayMs = Math.max(delayMs, BACKOFF_MAX_MS);
      } else {
        replaced = 0;
        loops = 0;
      }
      badSessions = d.reason === "badSession" ? badSessions + 1 : 0;
      const needsAttention = attempt >= limits.attentionAttempts || t - healthyAt >= limits.attentionMs || badSessions >= limits.badSessionsToRepair;
      return { action: "retry", delayMs, needsAttention };
    },
  };
}
