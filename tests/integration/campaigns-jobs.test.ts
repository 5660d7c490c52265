// The dispatcher's two drivers on a real database: the embedded scheduler beside the real WhatsApp
// worker and the sandbox phone (issue 15 "done when": three numbers, intervals 0, each gets its one
// message with its variables filled, the campaign reaches FINALIZADA), and the Inngest functions
// (under @inngest/test, the sleeps mocked), also racing the embedded scheduler.
import { InngestTestEngine } from "@inngest/test";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { sandboxMessages, sandboxSessions, whatsapps } from "@/db/schema";
import { campaignOutbox } from "@/lib/campaigns/dispatch/outbox";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { continueCampaign, dispatchCampaignsEveryMinute, runCampaignOnTime } from "@/lib/jobs/functions/campaigns";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createSandboxWorker } from "../helpers/sandbox-worker";
import { createTenant, type Tenant } from "../helpers/factories";
import { campaignRow, makeCampaign, makeList, numbers, outboxOf, setSettings, shippingOf } from "./campaigns-dispatch-env";

let t: Tenant;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant({ chatbot: false });
  await setSettings(t, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
});
afterAll(() => setRealtimeSink(null));

/** The real worker with the sandbox provider, its connection already paired (as after a scan). */
async function sandboxWorker(id: string): Promise<WhatsAppWorker> {
  await getDb().insert(sandboxSessions).values({ whatsappId: t.whatsappId, companyId: t.companyId, pairedAt: new Date(), number: "5511900000001" }).onConflictDoNothing();
  await getDb().update(whatsapps).set({ sessionRequest: "start", sessionRequestedAt: new Date() }).where(eq(whatsapps.id, t.whatsappId));
  return createSandboxWorker(id, { tickMs: 100, campaignOutbox: campaignOutbox(getDb) });
}

/** What the sandbox phone received, per number. */
async function phoneReceived(nums: string[]) {
  const rows = await getDb()
    .select({ number: sandboxMessages.number, body: sandboxMessages.body, wid: sandboxMessages.wid })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.whatsappId, t.whatsappId), eq(sandboxMessages.direction, "out")));
  return rows.filter((r) => nums.includes(r.number));
}

const statusOf = async (id: number) => (await campaignRow(id)).status;

describe("the embedded scheduler with the worker and the sandbox phone", () => {
  it("a campaign of three numbers, intervals 0, reaches FINALIZADA; each number gets one message with its variables", async () => {
    const nums = numbers(3);
    const names = ["Ana", "Bruno", "Carla"];
    const listId = await makeList(t, nums.map((number, i) => ({ number, name: names[i], email: `${names[i].toLowerCase()}@ex.com` })));
    const id = await makeCampaign(t, { contactListId: listId, message1: "Olá {nome}, seu número é {numero} ({email})", scheduledAt: new Date(Date.now() + 300) });
    const worker = await sandboxWorker("w-campaign-jobs");
    const scheduler = createEmbeddedScheduler({ db: getDb, intervalMs: 100, log: () => {} });
    worker.start();
    scheduler.start();
    try {
      await expect.poll(() => statusOf(id), { timeout: 15_000, interval: 100 }).toBe("FINALIZADA");
    } finally {
      await scheduler.stop();
      await worker.stop();
    }
    const got = await phoneReceived(nums);
    expect(got).toHaveLength(3);
    expect(got.map((g) => g.body).sort()).toEqual(nums.map((n, i) => `Olá ${names[i]}, seu número é ${n} (${names[i].toLowerCase()}@ex.com)`).sort());
    expect((await campaignRow(id)).completedAt).toBeInstanceOf(Date);
    expect((await shippingOf(id)).map((s) => s.status)).toEqual(["delivered", "delivered", "delivered"]);
    // the report heard it live: the last progress event says FINALIZADA with 3 of 3
    const last = published.filter((e) => e.event === "campaign" && (e.data as { campaignId?: number }).campaignId === id).at(-1);
    expect(last?.data).toMatchObject({ action: "progress", status: "FINALIZADA", report: { valid: 3, delivered: 3 } });
  });

  it("intervals 0 and 1,000 recipients: batches follow each other at once, not one per timer interval", async () => {
    const nums = numbers(1000);
    const id = await makeCampaign(t, { contactListId: await makeList(t, nums) });
    // a timer of a minute: only the repeat of full passes can queue 20 batches of 50 in time
    const scheduler = createEmbeddedScheduler({ db: getDb, intervalMs: 60_000, log: () => {} });
    await scheduler.tick();
    const rows = await outboxOf(id);
    expect(rows).toHaveLength(1000);
    expect(new Set(rows.map((r) => r.number)).size).toBe(1000);
    await getDb().execute(sql`update campaigns set status = 'CANCELADA' where id = ${id}`);
  });
});

describe("the Inngest functions on the database", () => {
  const scheduled = (id: number, at: Date) => ({ name: "campaign/scheduled", data: { campaignId: id, companyId: t.companyId, scheduledAt: at.toISOString() } });

  it("campaign/scheduled starts the campaign at its time and queues every recipient once, racing the sweep and the embedded scheduler", async () => {
    const nums = numbers(260);
    const at = new Date(Date.now() - 500);
    const id = await makeCampaign(t, { contactListId: await makeList(t, nums), scheduledAt: at });
    // the race is the point: when the other dispatchers hold the due rows, the run sleeps
    // BUSY_WAIT_MS and looks again (lib/jobs/functions/campaigns.ts). The test engine never
    // resumes a sleep it was not given: each wait is mocked, as a short pause that lets the
    // holders commit (unmocked, the engine hung for good in 2 of 8 runs under load)
    const waits = Array.from({ length: 20 }, (_, i) => ({ id: `wait-${i + 1}`, handler: () => new Promise<void>((done) => setTimeout(done, 100)) }));
    const onTime = new InngestTestEngine({
      function: runCampaignOnTime,
      events: [scheduled(id, at)],
      steps: [{ id: "wait-for-scheduled-at", handler: () => undefined }, ...waits],
    });
    const sweep = new InngestTestEngine({ function: dispatchCampaignsEveryMinute });
    const scheduler = createEmbeddedScheduler({ db: getDb, intervalMs: 60_000, log: () => {} });
    const [run, , sweepRun] = await Promise.all([onTime.execute(), scheduler.tick(), sweep.execute(), scheduler.tick()]);
    expect(run.result).toMatchObject({ outcome: "done" });
    expect((sweepRun.result as { queued: number }).queued + (run.result as { queued: number }).queued).toBeLessThanOrEqual(260);
    expect(await statusOf(id)).toBe("EM_ANDAMENTO");
    const rows = await outboxOf(id);
    expect(rows).toHaveLength(260);
    expect(new Set(rows.map((r) => r.number))).toEqual(new Set(nums));
    expect((await shippingOf(id)).every((s) => s.status === "queued")).toBe(true);
    await getDb().execute(sql`update campaigns set status = 'CANCELADA' where id = ${id}`);
    // a budget, not a figure: the test engine replays every earlier step at each step, and the suite
    // runs files side by side on two cores
  }, 120_000);

  it("campaign/continue (a restart, or a hand-over) dispatches what is due and ends when nothing is left", async () => {
    const nums = numbers(120);
    const id = await makeCampaign(t, { contactListId: await makeList(t, nums) });
    await new InngestTestEngine({ function: dispatchCampaignsEveryMinute }).execute();
    // the sweep started it and queued it all; a continue run finds nothing more and ends at once
    expect(await outboxOf(id)).toHaveLength(120);
    const { result } = await new InngestTestEngine({ function: continueCampaign, events: [{ name: "campaign/continue", data: { campaignId: id, companyId: t.companyId } }] }).execute();
    expect(result).toEqual({ queued: 0, steps: 1, outcome: "done" });
    await getDb().execute(sql`update campaigns set status = 'CANCELADA' where id = ${id}`);
  });

  it("a run that wakes before the time (the campaign was moved later) starts nothing", async () => {
    const later = new Date(Date.now() + 3_600_000);
    const id = await makeCampaign(t, { contactListId: await makeList(t, numbers(2)), scheduledAt: later });
    const { result } = await new InngestTestEngine({
      function: runCampaignOnTime,
      events: [scheduled(id, new Date())],
      steps: [{ id: "wait-for-scheduled-at", handler: () => undefined }],
    }).execute();
    expect(result).toEqual({ started: [], queued: 0, steps: 3, outcome: "done" });
    expect(await statusOf(id)).toBe("PROGRAMADA");
    expect(await outboxOf(id)).toHaveLength(0);
  });
});
