import { randomBytes } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as inngestGet } from "@/app/api/inngest/route";
import { getDb } from "@/db";
import { messages, schedules } from "@/db/schema";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { functions } from "@/lib/jobs/functions";
import { sendDueSchedulesEveryMinute, sendScheduleOnTime } from "@/lib/jobs/functions/send-schedules";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { createTenant, type Tenant } from "../helpers/factories";

// The two drivers of the sending service: the Inngest functions (under @inngest/test, steps mocked
// where they would wait) and the embedded scheduler's timer. Each schedule goes out once.
let t: Tenant;
let seq = 0;

beforeAll(async () => {
  setRealtimeSink(() => {});
  t = await createTenant();
});
afterAll(() => setRealtimeSink(null));

/** A schedule to a contact with a ticket on the tenant's connection, due `inMs` from now. */
async function schedule(inMs = -1000) {
  const number = `5541${String(800000000 + ++seq)}`;
  const res = await ingestInbound(getDb(), {
    companyId: t.companyId,
    whatsappId: t.whatsappId,
    message: { wid: randomBytes(8).toString("hex"), chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  const [{ contactId }] = await getDb().select({ contactId: messages.contactId }).from(messages).where(eq(messages.id, res.messageId));
  const [s] = await getDb()
    .insert(schedules)
    .values({ companyId: t.companyId, contactId: contactId!, userId: t.admin.id, body: `Job ${randomBytes(4).toString("hex")}`, sendAt: new Date(Date.now() + inMs) })
    .returning();
  return s;
}

const copiesOf = async (body: string) => (await getDb().select().from(messages).where(eq(messages.body, body))).length;
const statusOf = async (id: number) => (await getDb().select().from(schedules).where(eq(schedules.id, id)))[0];

const savedEvent = (s: { id: number; sendAt: Date }) => ({
  name: "schedule/saved",
  data: { scheduleId: s.id, companyId: t.companyId, sendAt: s.sendAt.toISOString() },
});

describe("Inngest: send-schedule-on-time", () => {
  it("sleeps until sendAt, then sends the schedule once", async () => {
    const s = await schedule(-500);
    const engine = new InngestTestEngine({
      function: sendScheduleOnTime,
      events: [savedEvent(s)],
      // the sleep resolves at once (a real one would hang the test)
      steps: [{ id: "wait-for-send-at", handler: () => undefined }],
    });
    const { result, ctx } = await engine.execute();
    expect(result).toEqual({ sent: 1, failed: 0 });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-for-send-at", new Date(s.sendAt.toISOString()));
    expect(await statusOf(s.id)).toMatchObject({ status: "ENVIADA" });
    expect(await copiesOf(s.body)).toBe(1);
  });

  it("a run that wakes early (the schedule was moved later) sends nothing", async () => {
    const s = await schedule(60 * 60_000);
    const engine = new InngestTestEngine({
      function: sendScheduleOnTime,
      events: [{ ...savedEvent(s), data: { ...savedEvent(s).data, sendAt: new Date().toISOString() } }],
      steps: [{ id: "wait-for-send-at", handler: () => undefined }],
    });
    const { result } = await engine.execute();
    expect(result).toEqual({ sent: 0, failed: 0 });
    expect(await statusOf(s.id)).toMatchObject({ status: "PENDENTE", sentAt: null });
    await getDb().delete(schedules).where(eq(schedules.id, s.id));
  });
});

describe("Inngest: send-due-schedules (every minute)", () => {
  it("sends what is due, and running it twice at once (or beside the on-time run) sends once", async () => {
    const due = await Promise.all([schedule(), schedule(), schedule()]);
    const cron = () => new InngestTestEngine({ function: sendDueSchedulesEveryMinute }).execute();
    const onTime = new InngestTestEngine({
      function: sendScheduleOnTime,
      events: [savedEvent(due[0])],
      steps: [{ id: "wait-for-send-at", handler: () => undefined }],
    }).execute();
    const runs = await Promise.all([cron(), cron(), onTime]);
    const totals = runs.map((r) => r.result as { sent: number; failed: number });
    expect(totals.reduce((n, r) => n + r.sent, 0)).toBe(3);
    for (const s of due) expect(await copiesOf(s.body)).toBe(1);
    const rows = await getDb().select().from(schedules).where(inArray(schedules.id, due.map((s) => s.id)));
    expect(rows.map((r) => r.status)).toEqual(["ENVIADA", "ENVIADA", "ENVIADA"]);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
    // the next minute finds nothing to do
    expect((await cron()).result).toEqual({ sent: 0, failed: 0 });
  });
});

describe("the embedded scheduler", () => {
  it("a tick sends a due schedule once, even with a second scheduler ticking at once", async () => {
    const s = await schedule();
    const lines: string[] = [];
    const one = createEmbeddedScheduler({ db: getDb, log: (l) => lines.push(l) });
    const two = createEmbeddedScheduler({ db: getDb, log: (l) => lines.push(l) });
    await Promise.all([one.tick(), two.tick(), one.tick()]);
    expect(await statusOf(s.id)).toMatchObject({ status: "ENVIADA" });
    expect(await copiesOf(s.body)).toBe(1);
    expect(lines).toEqual(["sent 1 scheduled message(s)"]);
  });

  it("its timer picks up a schedule when it falls due, until stopped", async () => {
    const s = await schedule(300);
    const scheduler = createEmbeddedScheduler({ db: getDb, intervalMs: 100, log: () => {} });
    scheduler.start();
    try {
      await expect.poll(async () => (await statusOf(s.id)).status, { timeout: 5000, interval: 50 }).toBe("ENVIADA");
    } finally {
      await scheduler.stop();
    }
    expect(await copiesOf(s.body)).toBe(1);
    // stopped: a schedule due now stays where it is
    const later = await schedule();
    await scheduler.tick();
    expect(await statusOf(later.id)).toMatchObject({ status: "PENDENTE" });
    await getDb().delete(schedules).where(eq(schedules.id, later.id));
  });
});

describe("GET /api/inngest", () => {
  const get = () => inngestGet(new NextRequest("http://127.0.0.1:3000/api/inngest"), undefined);

  it("does not exist without an Inngest server configured (the embedded scheduler runs instead)", async () => {
    expect((await get()).status).toBe(404);
  });

  it("serves its functions once Inngest is configured (with the ticket timers: chatbot-timers.test.ts)", async () => {
    process.env.INNGEST_DEV = "1";
    try {
      const res = await get();
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ function_count: functions.length });
    } finally {
      delete process.env.INNGEST_DEV;
    }
  });
});
