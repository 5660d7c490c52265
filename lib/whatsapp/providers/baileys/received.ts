import type { ProviderEvent } from "../../types";
import { createInboxDrain, inboxRetryDelayMs, reasonOf, type InboxDrain, type InboxDrainDeps } from "../../worker/inbox-drain";
import type { InboxItem, InboxRow, InboxStore } from "../../worker/inbox-store";
import { carriesMedia, createDownloadPool } from "./download-pool";
import type { InboxSpool } from "./inbox-spool";
import type { ConnectionLog } from "./logger";

// files fetched at once per connection
const DOWNLOADS_AT_ONCE = 3;
// a row's last try at its media (then it is delivered without it): the drain and the pool agree on it
const LAST_TRY_AT = 4;
// how much further a pass looks when its whole batch waits behind files being fetched
const LOOK_FURTHER = 10;
// how long a stopping connection waits for its pending inbox writes before keeping them on disk
const STOP_WAIT_MS = 10_000;
// the retries of a write while the connection stops
const STOPPING_RETRY_MS = 1000;

/** waits `ms`, or less when `until` comes first */
function pause(ms: number, until: Promise<void>) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([new Promise<void>((r) => (timer = setTimeout(r, ms))), until]).finally(() => clearTimeout(timer));
}

export type ReceivedDeps = {
  store: InboxStore;
  /** where what the inbox could not take before the connection stopped is kept (inbox-spool.ts) */
  spool: InboxSpool;
  /** how long stop() waits for pending writes before keeping them on disk (default 10 s) */
  stopWaitMs?: number;
  /** the inbox's waits (tests shorten them) */
  timing?: Pick<InboxDrainDeps, "retryDelayMs" | "heldTurnSpacingMs" | "sleep">;
  /** rows can be read now (media and LIDs need the socket) */
  canRun: () => boolean;
  read: (row: InboxRow, lastTry: boolean) => Promise<Awaited<ReturnType<InboxDrainDeps["read"]>>>;
  /** stores an event; throws when it was not stored */
  deliver: (event: ProviderEvent) => Promise<void>;
  log: ConnectionLog;
  now: () => Date;
};

/**
 * What one connection does with what WhatsApp delivered (issue 33 part 2): written to the inbox
 * before anything else, then read from it by the drain, in order per chat, until it is stored.
 *
 * Files are fetched by a pool (issue 33 §9) that sits between the inbox and the drain. Not before
 * the inbox: the row is written first, so a worker dying mid-download loses nothing. Not on the
 * event queue: acks, receipts and every other event are handled there, and it only writes rows.
 * Not inside the drain's read (a limit in the media store): the drain reads a pass of rows, up to
 * four chats at once, and a pass ends only when each of its chats has, so a file fetched there
 * holds back every other chat's next messages until it comes or times out (2 minutes). So a row
 * carrying a file is kept from the drain, with the rows after it in its chat, while the pool reads
 * it (three at a time); once read, the next pass hands it on, then the chat's later rows: chat A's
 * text waits for A's file, chat B's messages go on meanwhile.
 */
export function createReceived(deps: ReceivedDeps) {
  const { store, log } = deps;
  const retryDelay = deps.timing?.retryDelayMs ?? inboxRetryDelayMs;
  const lastTry = (row: InboxRow) => row.attempts + 1 >= LAST_TRY_AT;
  const pool = createDownloadPool({
    size: DOWNLOADS_AT_ONCE,
    downloads: carriesMedia,
    read: (row) => deps.read(row, lastTry(row)),
    canRun: deps.canRun,
    ready: () => inner.kick(),
  });
  // a chat that sent many messages after a file can fill a whole batch with rows waiting for it:
  // the pass then looks further, so the other chats behind them are not held back too
  async function due(limit: number) {
    const rows = await store.due(limit);
    const now = pool.ahead(rows);
    return now.length || rows.length < limit ? now : pool.ahead(await store.due(limit * LOOK_FURTHER));
  }
  const inner = createInboxDrain({
    store: { ...store, due },
    canRun: deps.canRun,
    read: (row, opts) => pool.take(row) ?? deps.read(row, opts.lastTry),
    deliver: (event) => deps.deliver(event),
    log,
    now: deps.now,
    lastTryAt: LAST_TRY_AT,
    ...deps.timing,
    retryDelayMs: retryDelay,
  });
  const drain: InboxDrain = {
    ...inner,
    stop() {
      inner.stop();
      pool.stop();
    },
    /** resolves once no pass and no download is running (a download ending starts a pass) */
    async settled() {
      for (;;) {
        await inner.settled();
        if (pool.idle()) return;
        await pool.settled();
      }
    },
  };

  const release = async (senders: string[] | "all") =>
    store.release(senders).catch((err: unknown) => (log.warn(`waiting messages not released: ${reasonOf(err)}`), 0));

  // items handed to hold() and not written yet: stop() keeps on disk what is still here after its wait
  const unwritten = new Set<InboxItem[]>();
  const writing = new Set<Promise<void>>();
  let stopping = false;
  let late = false; // stop() waits no longer
  // the waits of write(), cut short by stop(): a retry's pause when it begins, every wait when it gives up
  const wakers = new Set<(givingUp: boolean) => void>();
  const wake = (givingUp: boolean) => [...wakers].forEach((w) => w(givingUp));
  /** `p` (which never rejects), or "cut" when stop() wakes it */
  function cut<T>(p: Promise<T>, atStopBegin: boolean) {
    return new Promise<T | "cut">((resolve) => {
      const waker = (givingUp: boolean) => {
        if (givingUp || atStopBegin) resolve("cut");
      };
      wakers.add(waker);
      void p.then(resolve).finally(() => wakers.delete(waker));
    });
  }
  let spoolLeft = true; // the spool may hold items (read at start; again on the next write if that failed)
  let restoring: Promise<void> | null = null;

  async function keepOnDisk(items: InboxItem[]) {
    try {
      await deps.spool.keep(items);
      spoolLeft = true;
      log.error(`${items.length} received message(s) could not be written to the inbox before the connection stopped: kept in ${deps.spool.file}, written to the inbox when this connection starts again on this machine`);
    } catch (err) {
      log.error(`${items.length} received message(s) lost: neither the inbox nor ${deps.spool.file} took them`, err);
    }
  }

  /**
   * What a stop kept on disk goes to the inbox. The database away: tried again after the next
   * write that succeeds, or the next open; a file that cannot be read: at the next start.
   */
  function restore() {
    restoring ??= (async () => {
      let databaseFailed = false;
      const hold = (items: InboxItem[]) => store.hold(items).catch((err: unknown) => ((databaseFailed = true), Promise.reject(err)));
      try {
        const count = await deps.spool.restore(hold);
        spoolLeft = false;
        if (count) log.info(`${count} received message(s) kept in ${deps.spool.file} were written to the inbox`);
      } catch (err) {
        spoolLeft = databaseFailed;
        if (databaseFailed) log.warn(`received messages kept in ${deps.spool.file} not written to the inbox yet: ${reasonOf(err)}`);
        else log.error(`received messages kept in ${deps.spool.file} could not be read back`, err);
      }
    })().finally(() => (restoring = null));
    return restoring;
  }

  /** writes items of `unwritten` until they are written, or stop() takes them to the disk */
  async function write(items: InboxItem[]) {
    for (let attempt = 1; ; attempt++) {
      const written = store.hold(items).then(
        () => null,
        (err: unknown) => err ?? new Error("not written"),
      );
      const failure = await cut(written, false);
      // stop() took them (a write that ends later writes them twice: the inbox keeps one)
      if (!unwritten.has(items)) return;
      if (failure === null) break;
      // stopping: tried again at once, then every second until stop() gives up
      const wait = Math.min(stopping ? STOPPING_RETRY_MS : 30_000, retryDelay(attempt));
      log.warn(`received messages not written yet (attempt ${attempt}): ${reasonOf(failure)}; again in ${wait / 1000} s`);
      let timer: NodeJS.Timeout | undefined;
      await cut(new Promise<void>((r) => (timer = setTimeout(r, wait))), true);
      clearTimeout(timer);
    }
    unwritten.delete(items);
    if (spoolLeft) await restore();
    drain.kick();
  }

  return {
    drain,

    /** the connection starts: what a stop kept on disk is written to the inbox first */
    async start() {
      stopping = late = false;
      drain.resume();
      await restore();
    },

    /**
     * The connection stops (its drain already stopped). The writes in progress, then what the
     * batches not handled yet received (`queued`, taken out of the event queue), get `stopWaitMs`;
     * what is still unwritten then is kept on disk: WhatsApp will not deliver it again. Never waits
     * for the event queue itself: the worker stops a connection from inside its events too.
     */
    async stop(queued: () => InboxItem[]) {
      stopping = true;
      wake(false);
      const taken = queued();
      if (taken.length) unwritten.add(taken);
      const before = [...writing];
      const written = (async () => {
        await Promise.all(before);
        if (taken.length) await write(taken);
      })();
      await pause(deps.stopWaitMs ?? STOP_WAIT_MS, written);
      late = true;
      const left = [...unwritten].flat();
      unwritten.clear();
      wake(true);
      if (left.length) await keepOnDisk(left);
    },

    /**
     * Writes what Baileys delivered to the inbox. WhatsApp has been told we have it, so while the
     * database is away this waits and tries again (later events wait behind it, in order); once the
     * connection stops, until stop() gives up and keeps it on disk. After stop(): one try, else disk.
     */
    async hold(items: InboxItem[]) {
      if (!items.length) return;
      if (late) return store.hold(items).catch(() => keepOnDisk(items));
      unwritten.add(items);
      const w = write(items);
      writing.add(w);
      await w.finally(() => writing.delete(w));
    },

    /** WhatsApp identified these LID users: their waiting rows are read again */
    async identified(lidUsers: string[]) {
      if (await release(lidUsers)) drain.kick();
    },

    /** the socket opened: every waiting row is read again (its LID store may know the sender now) */
    async opened() {
      if (spoolLeft) await restore();
      await release("all");
      drain.kick();
    },
  };
}
