import { AppError } from "@/lib/api/errors";
import type { ProviderEvent } from "../types";
import type { InboxRow, InboxStore } from "./inbox-store";

/** What an inbox row means once read (its media fetched, its sender identified). */
export type InboxOutcome =
  | { kind: "event"; event: ProviderEvent }
  // the sender is not identified yet: the row waits until `release`
  | { kind: "waiting"; sender: string }
  | { kind: "skip" };

/** Thrown by `read` when nothing can be read now (no socket): the pass stops, no attempt is counted. */
export class InboxNotNow extends Error {}

type Log = { warn(msg: string): void; error(msg: string, err?: unknown): void };

export type InboxDrainDeps = {
  store: InboxStore;
  /** `lastTry`: the row's last attempt at what may fail for good (a media download): deliver what can be */
  read: (row: InboxRow, opts: { lastTry: boolean }) => Promise<InboxOutcome>;
  /** stores the event; throws when it was not stored (the row is tried again) */
  deliver: (event: ProviderEvent, row: InboxRow) => Promise<void>;
  canRun: () => boolean;
  log: Log;
  now?: () => Date;
  /** rows read per pass */
  batch?: number;
  /** chats read at the same time (each chat's rows stay in order; default 4) */
  chats?: number;
  /** the attempt that is a row's last try (see `read`) */
  lastTryAt?: number;
  /** the wait before a row's next attempt, after `attempts` failed ones */
  retryDelayMs?: (attempts: number) => number;
  /**
   * the least time between two held rows the bot may answer (default 1 s): a reconnect after a
   * long outage answers its customers one after the other, not as a burst
   */
  heldTurnSpacingMs?: number;
  sleep?: (ms: number) => Promise<void>;
};

const RETRY_MAX_MS = 5 * 60_000;

/** An error's own words: a failed query's driver error rather than drizzle's wrapper (which repeats the SQL). */
export const reasonOf = (err: unknown): string => {
  const e = err as { message?: string; cause?: { message?: string } };
  return e?.cause?.message ?? e?.message ?? String(err);
};
/** 1 s, 2 s, 4 s ... at most 5 minutes: a database away for hours loses nothing, and is not hammered. */
export const inboxRetryDelayMs = (attempts: number) => Math.min(RETRY_MAX_MS, 1000 * 2 ** Math.max(0, attempts - 1));

// reading a row (its media, its sender) fails this many times: the payload itself is the problem
const MAX_READ_TRIES = 8;

// an error a retry cannot fix: the provider's message is malformed for the product (ERR_ codes of 4xx)
const isPermanent = (err: unknown) => err instanceof AppError && err.status < 500;

/**
 * Reads one connection's inbox in arrival order and stores what each row means: a chat's rows one
 * after the other (a row waiting for a retry holds back the later rows of its chat, not the other
 * chats), retried with backoff while they fail, removed once stored. `kick` starts a pass (one at a
 * time; a kick during a pass runs another after it); a failed row or a failed pass wakes it again
 * when its retry is due.
 */
export function createInboxDrain(deps: InboxDrainDeps) {
  const now = deps.now ?? (() => new Date());
  const batch = deps.batch ?? 50;
  const lastTryAt = deps.lastTryAt ?? 4;
  const retryDelay = deps.retryDelayMs ?? inboxRetryDelayMs;
  const spacing = deps.heldTurnSpacingMs ?? 1000;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let lastHeldTurn = -Infinity;
  let turns: Promise<void> = Promise.resolve();
  const chats = deps.chats ?? 4;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  let failedPasses = 0;

  function wakeIn(ms: number) {
    const at = Date.now() + ms;
    if (stopped || at >= timerAt) return;
    if (timer) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = null;
      timerAt = Infinity;
      kick();
    }, ms);
    timer.unref?.();
  }

  /**
   * One pass over up to `batch` due rows; answers how many were settled (stored, skipped or
   * parked). Up to `chats` chats at a time, each chat's rows one after the other: one slow media
   * download holds back its own chat only.
   */
  async function pass(): Promise<number> {
    const rows = await deps.store.due(batch);
    const byChat = new Map<string, InboxRow[]>();
    for (const row of rows) byChat.set(row.chat, [...(byChat.get(row.chat) ?? []), row]);
    const waiting = [...byChat.values()];
    const done: number[] = [];
    let parked = 0;
    let halted = false;

    // a chat's rows in order; false: stop here (the row failed and waits, or nothing can be read now)
    async function settle(row: InboxRow): Promise<boolean> {
      let read = false;
      try {
        const outcome = await deps.read(row, { lastTry: row.attempts + 1 >= lastTryAt });
        read = true;
        if (outcome.kind === "event" && row.kind === "held" && row.botTurn) await heldTurnSlot();
        if (outcome.kind === "event") await deps.deliver(outcome.event, row);
        if (outcome.kind === "waiting") {
          await deps.store.park(row.id, outcome.sender);
          parked++;
        } else done.push(row.id);
        return true;
      } catch (err) {
        if (err instanceof InboxNotNow) return (halted = true), false;
        // a row the product refuses for good, or whose payload cannot be read after every try,
        // would hold its chat back for ever: it goes, loudly (a database away is retried for ever)
        if (isPermanent(err) || (!read && row.attempts + 1 >= MAX_READ_TRIES)) {
          deps.log.error(`message ${row.wid} cannot be stored (${reasonOf(err)}); dropped from the inbox`, err);
          done.push(row.id);
          return true;
        }
        const wait = retryDelay(row.attempts + 1);
        deps.log.warn(`message ${row.wid} not stored yet (attempt ${row.attempts + 1}): ${reasonOf(err)}; again in ${wait / 1000} s`);
        await deps.store.retry(row.id, reasonOf(err), new Date(now().getTime() + wait));
        // no wait (tests): the next pass follows this one
        if (wait <= 0) again = true;
        else wakeIn(wait);
        return false;
      }
    }

    async function worker() {
      for (let chat = waiting.shift(); chat && !halted; chat = waiting.shift()) {
        for (const row of chat) if (halted || !deps.canRun() || !(await settle(row))) break;
      }
    }

    // every chat's work ends before the pass does, even when one of them fails (the database away)
    const results = await Promise.allSettled(Array.from({ length: Math.min(chats, waiting.length) }, worker));
    // stored rows go even when the pass stops early; a crash before this replays them, and storing
    // a message twice is a no-op (messages are unique by connection and WhatsApp id)
    await deps.store.done(done);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
    return done.length + parked;
  }

  // one held turn at a time across the pass's chats, `spacing` apart
  function heldTurnSlot(): Promise<void> {
    const mine = turns.then(async () => {
      const wait = lastHeldTurn + spacing - now().getTime();
      if (wait > 0) await sleep(wait);
      lastHeldTurn = now().getTime();
    });
    turns = mine.catch(() => {});
    return mine;
  }

  async function drain() {
    try {
      do {
        again = false;
        while (!stopped && deps.canRun() && (await pass()) > 0);
      } while (again && !stopped);
      failedPasses = 0;
    } catch (err) {
      // the database is away, most often: the rows wait in it (or are written once it is back)
      const wait = retryDelay(++failedPasses);
      deps.log.warn(`inbox pass failed: ${reasonOf(err)}; again in ${wait / 1000} s`);
      wakeIn(wait);
    }
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = null));
  }

  return {
    kick,
    /** resolves once no pass is running (kicks during the wait included) */
    async settled() {
      while (running) await running;
    },
    /** the connection stopped: no more passes, no timers */
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      timerAt = Infinity;
    },
    /** the connection runs again (a new socket) */
    resume() {
      stopped = false;
    },
  };
}

export type InboxDrain = ReturnType<typeof createInboxDrain>;
