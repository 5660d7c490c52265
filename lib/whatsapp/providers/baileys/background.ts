import type { ConnectionLog } from "./logger";

/**
 * Work a connection starts from an event without holding the event back (a profile picture, a
 * group's metadata, a setting read again), run one at a time so a burst never floods WhatsApp.
 * `settled` waits for all of it: the connection's own `settled` and `stop` do, so nothing runs
 * after a stop. A failure is logged, never thrown.
 */
export function createBackground(log: ConnectionLog) {
  let chain: Promise<void> = Promise.resolve();
  let pending = 0;
  return {
    run(what: string, work: () => Promise<void>) {
      pending++;
      chain = chain
        .then(work)
        .catch((err: unknown) => log.warn(`${what} failed: ${(err as Error)?.message ?? String(err)}`))
        .finally(() => void pending--);
    },
    async settled() {
      while (pending) await chain;
    },
  };
}

export type Background = ReturnType<typeof createBackground>;
