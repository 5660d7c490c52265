import { getDb } from "@/db";
import { sendDueSchedules } from "@/lib/schedules/send-due-schedule";
import { inngest, scheduleSaved } from "../client";
import { drainBatches } from "./drain";

/** Schedules one step sends; a busier minute takes more steps, each retried on its own. */
export const SEND_BATCH = 50;
const MAX_BATCHES = 20;

type Batch = { sent: number; failed: number; full: boolean };
type RunStep = (id: string, fn: () => Promise<Batch>) => Promise<Batch>;

const sendBatch = async (): Promise<Batch> => {
  const { sent, failed } = await sendDueSchedules(getDb(), SEND_BATCH);
  return { sent, failed, full: sent + failed >= SEND_BATCH };
};

// Every step calls the one idempotent service (lib/schedules/send-due-schedule): it claims due rows
// with SKIP LOCKED and finishes each in one transaction, so these two functions, their retries and
// the embedded scheduler may all run at once and every schedule still goes out once.
const drain = (run: RunStep) => drainBatches(MAX_BATCHES, (i) => run(`send-due-schedules-${i}`, sendBatch));

/** Every minute: whatever is due (the safety net: a lost event, a restart, a schedule moved earlier). */
export const sendDueSchedulesEveryMinute = inngest.createFunction(
  { id: "send-due-schedules", name: "Send due scheduled messages", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => drain((id, fn) => step.run(id, fn)),
);

/** On time: a saved schedule's run sleeps until its sendAt, then sends what is due by then. */
export const sendScheduleOnTime = inngest.createFunction(
  { id: "send-schedule-on-time", name: "Send a scheduled message on time", triggers: [scheduleSaved] },
  async ({ event, step }) => {
    await step.sleepUntil("wait-for-send-at", new Date(event.data.sendAt));
    return drain((id, fn) => step.run(id, fn));
  },
);
