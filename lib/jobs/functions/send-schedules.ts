import { getDb } from "@/db";
import { sendDueSchedules } from "@/lib/schedules/send-due-schedule";
import { inngest, scheduleSaved } from "../client";

/** Schedules one step sends; a busier minute takes more steps, each retried on its own. */
export const SEND_BATCH = 50;
const MAX_BATCHES = 20;

type Totals = { sent: number; failed: number };
type RunStep = (id: string, fn: () => Promise<Totals>) => Promise<Totals>;

const sendBatch = async (): Promise<Totals> => {
  const { sent, failed } = await sendDueSchedules(getDb(), SEND_BATCH);
  return { sent, failed };
};

// Every step calls the one idempotent service (lib/schedules/send-due-schedule): it claims due rows
// with SKIP LOCKED and finishes each in one transaction, so these two functions, their retries and
// the embedded scheduler may all run at once and every schedule still goes out once.
async function drain(run: RunStep): Promise<Totals> {
  const totals = { sent: 0, failed: 0 };
  for (let i = 1; i <= MAX_BATCHES; i++) {
    const r = await run(`send-due-schedules-${i}`, sendBatch);
    totals.sent += r.sent;
    totals.failed += r.failed;
    if (r.sent + r.failed < SEND_BATCH) break;
  }
  return totals;
}

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
