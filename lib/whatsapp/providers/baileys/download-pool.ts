import { normalizeMessageContent } from "@whiskeysockets/baileys";
import type { InboxOutcome } from "../../worker/inbox-drain";
import type { InboxRow } from "../../worker/inbox-store";
import { reviveMessage } from "./inbox-items";
import { readContent } from "./message-content";

/** Whether reading this row fetches a file (one too large to fetch is read at once, here too). */
export function carriesMedia(row: InboxRow): boolean {
  try {
    return readContent(normalizeMessageContent(reviveMessage(row.payload).message), row.wid).kind === "media";
  } catch {
    // an unreadable payload: the drain's own read fails on it and says why
    return false;
  }
}

type Result = { ok: true; outcome: InboxOutcome } | { ok: false; error: unknown };

export type DownloadPoolDeps = {
  /** reads the row (its media fetched), as the drain would */
  read: (row: InboxRow) => Promise<InboxOutcome>;
  /** rows whose read fetches a file: only those go through the pool */
  downloads: (row: InboxRow) => boolean;
  canRun: () => boolean;
  /** a read ended: the drain may hand its row on */
  ready: () => void;
  /** reads at once (default 3) */
  size?: number;
};

/**
 * The rows of one connection's inbox that carry a file, read a few at a time outside the drain's
 * passes (see received.ts for why here). `ahead` answers which due rows the drain may read now: a
 * chat's rows up to its first row whose file is not fetched yet, that row's read starting once it
 * is the first of its chat (so a chat's rows are read in order as well as handed on in order);
 * `take` answers that read's outcome when the drain gets to the row.
 */
export function createDownloadPool(deps: DownloadPoolDeps) {
  const size = deps.size ?? 3;
  let generation = 0;
  let running = 0;
  const queue: InboxRow[] = [];
  // queued or running (this generation), by row id
  const started = new Set<number>();
  const results = new Map<number, Result>();
  const waiters: (() => void)[] = [];

  function next() {
    while (running < size && queue.length) {
      const row = queue.shift()!;
      const gen = generation;
      running++;
      void Promise.resolve()
        .then(() => deps.read(row))
        .then(
          (outcome): Result => ({ ok: true, outcome }),
          (error: unknown): Result => ({ ok: false, error }),
        )
        .then((result) => {
          running--;
          // a read started before a stop is dropped: the row is read again once the connection runs
          if (gen === generation) {
            started.delete(row.id);
            results.set(row.id, result);
          }
          next();
          if (gen === generation) deps.ready();
          if (!running) for (const wake of waiters.splice(0)) wake();
        });
    }
  }

  return {
    /** The due rows (in arrival order) the drain may read now; starts the reads of the files they wait for. */
    ahead(rows: InboxRow[]): InboxRow[] {
      const handed = new Set<string>();
      const held = new Set<string>();
      const now: InboxRow[] = [];
      for (const row of rows) {
        if (held.has(row.chat)) continue;
        if (results.has(row.id) || !deps.downloads(row)) {
          handed.add(row.chat);
          now.push(row);
          continue;
        }
        held.add(row.chat);
        if (!handed.has(row.chat) && !started.has(row.id) && deps.canRun()) {
          started.add(row.id);
          queue.push(row);
        }
      }
      next();
      return now;
    },

    /** The outcome of the row's read in the pool, once; undefined when the pool did not read it. */
    take(row: InboxRow): Promise<InboxOutcome> | undefined {
      const result = results.get(row.id);
      if (!result) return undefined;
      results.delete(row.id);
      return result.ok ? Promise.resolve(result.outcome) : Promise.reject(result.error);
    },

    idle: () => running === 0 && queue.length === 0,

    /** resolves once no read is running */
    async settled() {
      while (running) await new Promise<void>((wake) => waiters.push(wake));
    },

    /** the connection stopped: nothing more starts, and what was read is read again later */
    stop() {
      generation++;
      queue.length = 0;
      started.clear();
      results.clear();
    },
  };
}
