import type { ProviderEvent } from "../../types";
import { createInboxDrain, inboxRetryDelayMs, reasonOf, type InboxDrainDeps } from "../../worker/inbox-drain";
import type { InboxItem, InboxRow, InboxStore } from "../../worker/inbox-store";
import type { ConnectionLog } from "./logger";

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
 */
export function createReceived(deps: ReceivedDeps) {
  const { store, log } = deps;
  const retryDelay = deps.timing?.retryDelayMs ?? inboxRetryDelayMs;
  const drain = createInboxDrain({
    store,
    canRun: deps.canRun,
    read: (row, { lastTry }) => deps.read(row, lastTry),
    deliver: (event) => deps.deliver(event),
    log,
    now: deps.now,
    ...deps.timing,
    retryDelayMs: retryDelay,
  });

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
