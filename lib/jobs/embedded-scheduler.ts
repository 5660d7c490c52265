import type { Db } from "@/db";
import { sendDueSchedules } from "@/lib/schedules/send-due-schedule";

type Options = {
  db: () => Db;
  intervalMs?: number;
  /** schedules handled per pass */
  limit?: number;
  log?: (line: string) => void;
};

/**
 * The scheduler used when no Inngest server is configured (ARCHITECTURE rule 7): a timer in the
 * WhatsApp worker calling the same idempotent services the Inngest functions call. Running it
 * beside Inngest, or in two workers, still sends each schedule once (the service claims rows with
 * SKIP LOCKED inside one transaction).
 */
export function createEmbeddedScheduler({ db, intervalMs = 5000, limit = 50, log = (l) => console.log(`[scheduler] ${l}`) }: Options) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function pass() {
    const { sent, failed, outcomes } = await sendDueSchedules(db(), limit);
    if (sent) log(`sent ${sent} scheduled message(s)`);
    for (const o of outcomes) if (o.status === "ERRO") log(`schedule ${o.id} failed: ${o.error}`);
    // a full pass means more may be waiting: go again without waiting for the timer
    if (sent + failed >= limit && !stopped) await pass();
  }

  /** One pass; a call while one runs shares it. */
  function tick(): Promise<void> {
    if (stopped) return Promise.resolve();
    running ??= pass()
      .catch((err) => log(`pass failed: ${(err as Error).message}`))
      .finally(() => (running = null));
    return running;
  }

  return {
    tick,
    start() {
      stopped = false;
      timer ??= setInterval(() => void tick(), intervalMs);
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
