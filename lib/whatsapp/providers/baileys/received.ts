import type { ProviderEvent } from "../../types";
import { createInboxDrain, inboxRetryDelayMs, reasonOf, type InboxDrain, type InboxDrainDeps } from "../../worker/inbox-drain";
import type { InboxItem, InboxRow, InboxStore } from "../../worker/inbox-store";
import { carriesMedia, createDownloadPool } from "./download-pool";
import type { ConnectionLog } from "./logger";

// files fetched at once per connection
const DOWNLOADS_AT_ONCE = 3;
// a row's last try at its media (then it is delivered without it): the drain and the pool agree on it
const LAST_TRY_AT = 4;
// how much further a pass looks when its whole batch waits behind files being fetched
const LOOK_FURTHER = 10;

export type ReceivedDeps = {
  store: InboxStore;
  /** the inbox's waits (tests shorten them) */
  timing?: Pick<InboxDrainDeps, "retryDelayMs" | "heldTurnSpacingMs" | "sleep">;
  /** the connection runs (a write that keeps failing gives up only once it stops) */
  running: () => boolean;
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

  return {
    drain,

    /**
     * Writes what Baileys delivered to the inbox. WhatsApp has been told we have it, so while the
     * database is away this waits and tries again (later events wait behind it, in order) for as
     * long as the connection runs.
     */
    async hold(items: InboxItem[]) {
      if (!items.length) return;
      for (let attempt = 1; ; attempt++) {
        try {
          await store.hold(items);
          break;
        } catch (err) {
          if (!deps.running()) {
            log.error(`${items.length} received message(s) could not be written before the connection stopped`, err);
            return;
          }
          const wait = Math.min(30_000, retryDelay(attempt));
          log.warn(`received messages not written yet (attempt ${attempt}): ${reasonOf(err)}; again in ${wait / 1000} s`);
          await new Promise((r) => setTimeout(r, wait));
        }
      }
      drain.kick();
    },

    /** WhatsApp identified these LID users: their waiting rows are read again */
    async identified(lidUsers: string[]) {
      if (await release(lidUsers)) drain.kick();
    },

    /** the socket opened: every waiting row is read again (its LID store may know the sender now) */
    async opened() {
      await release("all");
      drain.kick();
    },
  };
}
