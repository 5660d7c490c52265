import type { BaileysEventMap } from "@whiskeysockets/baileys";
import type { ConnectionLog } from "./logger";

type Events = Partial<BaileysEventMap>;

/**
 * Baileys' event batches, handled one at a time, in order, whatever each handler awaits. A batch
 * not started yet can be taken out (a stop that cannot wait longer keeps what it received).
 */
export function createEventQueue(log: Pick<ConnectionLog, "error">) {
  let queue: Promise<void> = Promise.resolve();
  const waiting = new Set<Events>();

  return {
    add(events: Events, handle: (events: Events) => Promise<void>) {
      waiting.add(events);
      queue = queue
        .then(() => (waiting.delete(events) ? handle(events) : undefined))
        .catch((err) => log.error("event handling failed", err));
      return queue;
    },

    /** the batches not started yet, in order; the queue skips them */
    take(): Events[] {
      const taken = [...waiting];
      waiting.clear();
      return taken;
    },

    /** the last batch added so far */
    last: () => queue,
  };
}
