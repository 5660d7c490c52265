import { InngestTestEngine } from "@inngest/test";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";

// The dispatcher's services are mocked: these tests are about the runs' shape (sleeps, chaining,
// the bound on steps); tests/integration/campaigns-jobs.test.ts runs them on a real database.
const services = vi.hoisted(() => ({
  startDueCampaigns: vi.fn(async (): Promise<{ started: number[]; full: boolean }> => ({ started: [], full: false })),
  dispatchDue: vi.fn(async (): Promise<{ queued: number; full: boolean; nextDueAt: Date | null }> => ({ queued: 0, full: false, nextDueAt: null })),
}));
vi.mock("@/lib/campaigns/dispatch", () => services);
vi.mock("@/db", () => ({ getDb: () => ({}) }));

const { dispatchLoop, MAX_STEPS_PER_RUN, DISPATCH_BATCH, BUSY_WAIT_MS, runCampaignOnTime, continueCampaign, campaignRunLimits } = await import("@/lib/jobs/functions/campaigns");
type LoopStep = import("@/lib/jobs/functions/campaigns").LoopStep;

/** A fake campaign of `total` recipients `intervalMs` apart (0: all due at once), at a fake clock. */
function campaign(total: number, intervalMs: number) {
  let clock = Date.parse("2026-01-01T12:00:00Z");
  let next = 0; // recipients queued so far
  const dispatch = async () => {
    let queued = 0;
    while (queued < DISPATCH_BATCH && next < total && next * intervalMs <= clock - Date.parse("2026-01-01T12:00:00Z")) {
      next++;
      queued++;
    }
    const full = queued === DISPATCH_BATCH;
    const nextDueAt = next < total ? new Date(Date.parse("2026-01-01T12:00:00Z") + next * intervalMs).toISOString() : null;
    return { queued, full, nextDueAt };
  };
  return { dispatch, sleep: (at: Date) => (clock = Math.max(clock, at.getTime())), queued: () => next };
}

/** A step that runs its callbacks and counts them, as Inngest would (every call is one step). */
function fakeStep(c: ReturnType<typeof campaign>) {
  const calls: string[] = [];
  const sent: unknown[] = [];
  const step: LoopStep = {
    run: async (id, fn) => (calls.push(id), fn()),
    sleepUntil: async (id, at) => (calls.push(id), c.sleep(at)),
    sendEvent: async (id, event) => (calls.push(id), sent.push(event)),
  };
  return { step, calls, sent };
}

/** Runs a campaign to its end, one run after another as campaign/continue chains them. */
async function chain(total: number, intervalMs: number) {
  const c = campaign(total, intervalMs);
  const runs: { steps: number; calls: number; queued: number }[] = [];
  for (;;) {
    const { step, calls, sent } = fakeStep(c);
    const r = await dispatchLoop(step, { campaignId: 7, companyId: 3 }, { dispatch: c.dispatch });
    runs.push({ steps: r.steps, calls: calls.length, queued: r.queued });
    if (r.outcome === "done") {
      expect(sent).toEqual([]);
      break;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: "campaign/continue", data: { campaignId: 7, companyId: 3 } });
    expect(calls.at(-1)).toBe("continue");
    if (runs.length > 1000) throw new Error("never ends");
  }
  return { runs, queued: c.queued() };
}

describe("dispatchLoop: a campaign's run, bounded and chained", () => {
  it("10,000 recipients with intervals 0: batches back to back, no sleeps, chained runs under the bound", async () => {
    const { runs, queued } = await chain(10_000, 0);
    expect(queued).toBe(10_000);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(10_000);
    // 200 full batches and the one that finds nothing more: one run is enough
    expect(runs).toHaveLength(1);
    expect(runs[0].calls).toBe(201);
  });

  it("10,000 recipients 5 s apart: a sleep per recipient, runs chained by campaign/continue, none over the bound", async () => {
    const { runs, queued } = await chain(10_000, 5000);
    expect(queued).toBe(10_000);
    expect(runs.reduce((n, r) => n + r.queued, 0)).toBe(10_000);
    expect(runs.length).toBeGreaterThan(40);
    for (const r of runs) {
      expect(r.calls).toBeLessThanOrEqual(MAX_STEPS_PER_RUN);
      expect(r.steps).toBe(r.calls);
    }
  });

  it("a campaign with nothing left (finished, cancelled) ends the run at once", async () => {
    const { step, calls, sent } = fakeStep(campaign(0, 0));
    const r = await dispatchLoop(step, { campaignId: 1, companyId: 1 }, { dispatch: campaign(0, 0).dispatch });
    expect(r).toEqual({ queued: 0, steps: 1, outcome: "done" });
    expect(calls).toEqual(["dispatch-1"]);
    expect(sent).toEqual([]);
  });

  it("counts the steps the run already took (the on-time run's sleep and start)", async () => {
    const c = campaign(1_000_000, 0);
    const { step, calls } = fakeStep(c);
    const r = await dispatchLoop(step, { campaignId: 1, companyId: 1 }, { dispatch: c.dispatch, used: 2, maxSteps: 20 });
    expect(r.outcome).toBe("continued");
    expect(calls.length + 2).toBeLessThanOrEqual(20);
    expect(r.steps).toBe(calls.length + 2);
  });
});

describe("the Inngest functions", () => {
  beforeEach(() => {
    services.startDueCampaigns.mockClear();
    services.dispatchDue.mockReset();
  });

  it("campaign/scheduled: sleeps until scheduledAt, starts that campaign, dispatches and sleeps until the next turn", async () => {
    const later = new Date("2026-01-01T12:00:05Z");
    services.startDueCampaigns.mockResolvedValueOnce({ started: [5], full: false });
    services.dispatchDue
      .mockResolvedValueOnce({ queued: 50, full: true, nextDueAt: null })
      .mockResolvedValueOnce({ queued: 10, full: false, nextDueAt: later })
      .mockResolvedValueOnce({ queued: 1, full: false, nextDueAt: null });
    const engine = new InngestTestEngine({
      function: runCampaignOnTime,
      events: [{ name: "campaign/scheduled", data: { campaignId: 5, companyId: 2, scheduledAt: "2026-01-01T12:00:00.000Z" } }],
      steps: [
        { id: "wait-for-scheduled-at", handler: () => undefined },
        { id: "wait-2", handler: () => undefined },
      ],
    });
    const { result, ctx } = await engine.execute();
    expect(result).toEqual({ started: [5], queued: 61, steps: 6, outcome: "done" });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-for-scheduled-at", new Date("2026-01-01T12:00:00.000Z"));
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-2", later);
    expect(services.startDueCampaigns).toHaveBeenCalledWith(expect.anything(), expect.any(Date), { campaignId: 5 });
    for (const call of services.dispatchDue.mock.calls as unknown[][]) expect(call[2]).toEqual({ limit: DISPATCH_BATCH, campaignId: 5 });
  });

  it("a batch that takes nothing while recipients are due (another dispatcher holds them) waits a moment, not until the past", async () => {
    const past = new Date(Date.now() - 60_000);
    services.dispatchDue
      .mockResolvedValueOnce({ queued: 0, full: false, nextDueAt: past })
      .mockResolvedValueOnce({ queued: 3, full: false, nextDueAt: null });
    const before = Date.now();
    const engine = new InngestTestEngine({
      function: continueCampaign,
      events: [{ name: "campaign/continue", data: { campaignId: 9, companyId: 2 } }],
      steps: [{ id: "wait-1", handler: () => undefined }],
    });
    const { result, ctx } = await engine.execute();
    expect(result).toEqual({ queued: 3, steps: 3, outcome: "done" });
    const [, at] = (ctx.step.sleepUntil as unknown as { mock: { calls: [string, Date][] } }).mock.calls.find(([id]) => id === "wait-1")!;
    expect(at.getTime()).toBeGreaterThanOrEqual(before + BUSY_WAIT_MS);
  });

  it("campaign/continue: a campaign that never runs dry hands over with campaign/continue at the step bound", async () => {
    services.dispatchDue.mockResolvedValue({ queued: DISPATCH_BATCH, full: true, nextDueAt: null });
    // the test engine replays the run once per step: a bound of 12 shows the same hand-over as 400
    campaignRunLimits.maxSteps = 12;
    onTestFinished(() => void (campaignRunLimits.maxSteps = MAX_STEPS_PER_RUN));
    const engine = new InngestTestEngine({
      function: continueCampaign,
      events: [{ name: "campaign/continue", data: { campaignId: 9, companyId: 4 } }],
      // the hand-over event is not sent anywhere here
      steps: [{ id: "continue", handler: () => ({ ids: ["next"] }) }],
    });
    const { result, ctx } = await engine.execute();
    expect(result).toMatchObject({ outcome: "continued" });
    // 10 dispatch steps and the hand-over, within the 12
    expect(result).toEqual({ queued: 10 * DISPATCH_BATCH, steps: 11, outcome: "continued" });
    expect(services.dispatchDue).toHaveBeenCalledTimes(10);
    expect(ctx.step.sendEvent).toHaveBeenCalledWith("continue", expect.objectContaining({ name: "campaign/continue", data: { campaignId: 9, companyId: 4 } }));
  });
});
