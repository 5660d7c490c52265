import type { Db } from "@/db";
import { onBotTurn } from "./announce";
import { BOT_CONCURRENCY, drainBotTurns } from "./drain";

type Options = {
  db: () => Db;
  /** how often due turns are looked for without a wake (a turn written by another process, a lease run out) */
  intervalMs?: number;
  concurrency?: number;
  log?: (line: string) => void;
};

/**
 * The embedded scheduler's bot-turn runner: drains due turns on a timer, and at once when a turn is
 * written in this process (announceBotTurn; the WhatsApp worker ingests and runs the scheduler).
 * Its own loop beside the scheduler's pass: a turn may wait 20 s for a provider, which must not
 * hold scheduled messages or campaigns back. A wake during a drain drains again after it.
 */
export function createBotTurnLoop({ db, intervalMs = 2000, concurrency = BOT_CONCURRENCY, log = (l) => console.log(`[bots] ${l}`) }: Options) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let unlisten: (() => void) | null = null;

  async function drainAll() {
    do {
      again = false;
      const { ran, outcomes } = await drainBotTurns(db(), { concurrency, limit: 200 });
      if (ran) log(`ran ${ran} bot turn(s): ${JSON.stringify(outcomes)}`);
    } while (again && !stopped);
  }

  /** One drain; a call while one runs makes it go again afterwards. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = drainAll()
      .catch((err) => log(`bot turns failed: ${(err as Error).message}`))
      .finally(() => (running = null));
    return running;
  }

  return {
    tick,
    start() {
      stopped = false;
      unlisten ??= onBotTurn(() => void tick());
      timer ??= setInterval(() => void tick(), intervalMs);
      void tick();
    },
    async stop() {
      stopped = true;
      unlisten?.();
      unlisten = null;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
