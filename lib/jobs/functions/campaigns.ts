import { getDb } from "@/db";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { campaignContinue, campaignScheduled, inngest } from "../client";

/** Recipients one dispatch step queues (each claimed once: lib/campaigns/dispatch). */
export const DISPATCH_BATCH = 50;
/**
 * Steps one run takes before handing over to the next run (`campaign/continue`). Inngest allows
 * about 1,000 steps per run; chaining runs lets a 10,000-contact campaign with any intervals finish.
 */
export const MAX_STEPS_PER_RUN = 400;
/** The bound the functions use (a test lowers it to see a hand-over without 400 steps). */
export const campaignRunLimits = { maxSteps: MAX_STEPS_PER_RUN };
/** Batches the every-minute sweep dispatches across every campaign (the rest waits for the next minute). */
const SWEEP_BATCHES = 40;

type Dispatched = { queued: number; full: boolean; nextDueAt: string | null };
/** The part of Inngest's `step` the loop uses (tests pass a fake). */
export type LoopStep = {
  run: (id: string, fn: () => Promise<Dispatched>) => Promise<Dispatched>;
  sleepUntil: (id: string, at: Date) => Promise<unknown>;
  sendEvent: (id: string, event: ReturnType<typeof campaignContinue.create>) => Promise<unknown>;
};
export type LoopResult = { queued: number; steps: number; outcome: "done" | "continued" };

/** How long a run waits when due recipients are held by another dispatcher (the sweep, the embedded scheduler). */
export const BUSY_WAIT_MS = 2000;

async function dispatchBatch(campaignId: number): Promise<Dispatched> {
  const now = new Date();
  const r = await dispatchDue(getDb(), now, { limit: DISPATCH_BATCH, campaignId });
  // nothing taken though something is due: another dispatcher holds those rows; look again in a
  // moment rather than at once (a sleep until a past time would spin a step per turn). Decided in
  // the step, so every replay of the run sees the same time.
  const next = r.nextDueAt && !r.queued && r.nextDueAt <= now ? new Date(now.getTime() + BUSY_WAIT_MS) : r.nextDueAt;
  return { queued: r.queued, full: r.full, nextDueAt: next ? next.toISOString() : null };
}

/**
 * Dispatches one campaign's due recipients, sleeping until the next one's turn (the intervals),
 * until nothing is left to dispatch (finished, cancelled, or only waiting for the worker). At
 * `maxSteps` (counting the steps already taken, `used`) the run sends `campaign/continue` and
 * ends, so no run nears Inngest's step limit. Every step calls the idempotent service: a retried
 * step, a second run or the embedded scheduler never queue a recipient twice.
 */
export async function dispatchLoop(
  step: LoopStep,
  c: { campaignId: number; companyId: number },
  { used = 0, maxSteps = campaignRunLimits.maxSteps, dispatch = dispatchBatch } = {},
): Promise<LoopResult> {
  let steps = used;
  let queued = 0;
  for (let i = 1; ; i++) {
    // room for this batch, a sleep and the hand-over
    if (steps + 3 > maxSteps) {
      await step.sendEvent("continue", campaignContinue.create({ campaignId: c.campaignId, companyId: c.companyId }));
      return { queued, steps: steps + 1, outcome: "continued" };
    }
    const r = await step.run(`dispatch-${i}`, () => dispatch(c.campaignId));
    steps++;
    queued += r.queued;
    if (r.full) continue;
    if (!r.nextDueAt) return { queued, steps, outcome: "done" };
    await step.sleepUntil(`wait-${i}`, new Date(r.nextDueAt));
    steps++;
  }
}

// one step of a campaign at a time across both functions (a sleeping run holds no slot)
const perCampaign = { scope: "env" as const, key: "event.data.campaignId", limit: 1 };

/** On time: a campaign saved as PROGRAMADA (or restarted) starts at scheduledAt and is dispatched. */
export const runCampaignOnTime = inngest.createFunction(
  { id: "campaign-on-time", name: "Campaign: start on time and dispatch", concurrency: perCampaign, triggers: [campaignScheduled] },
  async ({ event, step }) => {
    await step.sleepUntil("wait-for-scheduled-at", new Date(event.data.scheduledAt));
    const started = await step.run("start", async () => (await startDueCampaigns(getDb(), new Date(), { campaignId: event.data.campaignId })).started);
    return { started, ...(await dispatchLoop(step, event.data, { used: 2 })) };
  },
);

/** A run that handed over (bounded steps): the same loop, from where the last run stopped. */
export const continueCampaign = inngest.createFunction(
  { id: "campaign-continue", name: "Campaign: continue dispatching", concurrency: perCampaign, triggers: [campaignContinue] },
  async ({ event, step }) => dispatchLoop(step, event.data),
);

/**
 * Every minute, the safety net (a lost event, a restart, a run that failed for good): due
 * campaigns start and every campaign's due recipients are dispatched, a bounded number of batches.
 */
export const dispatchCampaignsEveryMinute = inngest.createFunction(
  { id: "campaigns-sweep", name: "Campaigns: start due ones and dispatch", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const started = await step.run("start", async () => (await startDueCampaigns(getDb(), new Date())).started);
    let queued = 0;
    for (let i = 1; i <= SWEEP_BATCHES; i++) {
      const r = await step.run(`dispatch-${i}`, async () => {
        const { queued, full } = await dispatchDue(getDb(), new Date(), { limit: DISPATCH_BATCH });
        return { queued, full };
      });
      queued += r.queued;
      if (!r.full) break;
    }
    return { started: started.length, queued };
  },
);
