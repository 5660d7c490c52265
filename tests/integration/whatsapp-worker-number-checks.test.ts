// Issue 33 part 6: a real number (`beta`) asks WhatsApp about contact-list numbers in batches (one
// lookup each) a while apart, never while it sends, up to a daily cap, and writes when the next
// batch goes; the simulated phone keeps asking at every tick. The worker's leases on real Postgres,
// a scripted provider and an in-memory list of numbers.
import { eq, ne, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { writeNumberCheckNextAt } from "@/lib/contact-lists/number-checks";
import type { WhatsAppConnection } from "@/lib/whatsapp/types";
import { NUMBER_CHECK_PACE, type NumberCheckPace } from "@/lib/whatsapp/worker/number-checks";
import type { NumberChecks } from "@/lib/whatsapp/worker/types";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import type { ClaimedOutbound } from "@/lib/whatsapp/worker/types";
import { createTenant } from "../helpers/factories";

const workers: WhatsAppWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

/** `counted`: lookups the database already counts today for the connection (an earlier worker's) */
type RunOptions = { outbox?: ClaimedOutbound[]; slowSend?: Promise<void>; pending?: number; pace?: NumberCheckPace; counted?: number };

async function run(provider: "beta" | "sandbox", opts: RunOptions = {}) {
  const t = await createTenant();
  // this test's connection only: the earlier tests' ones are left for no worker to claim
  await getDb().update(whatsapps).set({ status: "DISCONNECTED" }).where(ne(whatsapps.id, t.whatsappId));
  await getDb().update(whatsapps).set({ provider, status: "OPENING" }).where(eq(whatsapps.id, t.whatsappId));
  if (opts.counted !== undefined) {
    await getDb().execute(sql`update whatsapps set number_checks_day = (now() at time zone 'utc')::date, number_checks_count = ${opts.counted} where id = ${t.whatsappId}`);
  }
  const pending = Array.from({ length: opts.pending ?? 12 }, (_, i) => ({ id: i + 1, number: `55119000${String(i).padStart(5, "0")}` }));
  const asked: { number: string; at: number }[] = [];
  // each checkNumbers call: the numbers asked together, and when the next batch's time was written
  const lookups: { numbers: string[]; at: number }[] = [];
  const planned: { nextAt: Date | null; at: number }[] = [];
  const numberChecks: NumberChecks = {
    claim: async (_conn, limit) => pending.splice(0, limit),
    record: async () => {},
    planned: async (conn, nextAt) => {
      planned.push({ nextAt, at: Date.now() });
      await writeNumberCheckNextAt(getDb(), conn, nextAt);
    },
  };
  const worker = createWhatsAppWorker({
    db: getDb,
    workerId: `w-checks-${provider}-${t.whatsappId}`,
    providers: [provider],
    tickMs: 20,
    log: () => {},
    numberChecks,
    numberCheckPace: opts.pace ?? { batch: 3, minMs: 225, maxMs: 375, perDay: 7 },
    createConnection: (_p, ctx): WhatsAppConnection => ({
      start: async () => void (await ctx.emit({ type: "status", status: "CONNECTED" })),
      stop: async () => {},
      logout: async () => {},
      checkNumber: async () => {
        throw new Error("the background check asks a batch at once");
      },
      checkNumbers: async (numbers) => {
        const at = Date.now();
        lookups.push({ numbers, at });
        asked.push(...numbers.map((number) => ({ number, at })));
        return new Map(numbers.map((n) => [n, n]));
      },
      send: async (m) => {
        await opts.slowSend;
        return { wid: m.wid };
      },
      markRead: async () => {},
      edit: async () => {},
      deleteForEveryone: async () => {},
    }),
    onEvent: async () => {},
    outbox: { claim: async () => (opts.outbox ?? []).splice(0), markSent: async () => {}, markFailed: async () => {} },
  });
  workers.push(worker);
  await worker.start();
  return { asked, lookups, planned, worker, whatsappId: t.whatsappId };
}

const gaps = (asked: { at: number }[], batch: number) =>
  asked.filter((_, i) => i > 0 && i % batch === 0).map((a, i) => a.at - asked[i * batch + batch - 1].at);

describe("background number checks", () => {
  it("on a real number: batches of a few, a while apart, up to the day's cap", async () => {
    const { asked, planned } = await run("beta");
    await new Promise((r) => setTimeout(r, 1500));
    // 3 + 3 + 1 = the cap of 7, in three batches at least the least wait apart
    expect(asked).toHaveLength(7);
    for (const gap of gaps(asked, 3)) expect(gap).toBeGreaterThanOrEqual(225 - 5);
    // the day's cap is spent: the next batch goes when the day (UTC) turns
    expect(planned.at(-1)?.nextAt?.getTime()).toBe(new Date().setUTCHours(24, 0, 0, 0));
  });

  it("on a real number: a new worker goes on with the day's count the database keeps", async () => {
    const { asked, whatsappId } = await run("beta", { counted: 5 });
    await new Promise((r) => setTimeout(r, 1000));
    // 7 a day, 5 already asked by an earlier worker today: 2 more
    expect(asked).toHaveLength(2);
    await expect
      .poll(async () => (await getDb().execute(sql`select number_checks_count as n from whatsapps where id = ${whatsappId}`))[0])
      .toEqual({ n: 7 });
  });

  it("on a real number: none while it is sending", async () => {
    let finish = () => {};
    const slowSend = new Promise<void>((r) => (finish = r));
    const outbox: ClaimedOutbound[] = [{ id: 1, companyId: 0, message: { wid: "W1", to: "5511988887777", isGroup: false, body: "oi" } }];
    const { asked } = await run("beta", { outbox, slowSend });
    await new Promise((r) => setTimeout(r, 400));
    const whileSending = asked.length;
    finish();
    expect(whileSending).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(asked.length).toBeGreaterThan(0);
  });

  it("the simulated phone keeps asking at every tick, unpaced", async () => {
    const { asked } = await run("sandbox");
    await new Promise((r) => setTimeout(r, 400));
    expect(asked).toHaveLength(12);
  });

  it("on a real number: 50 numbers in one lookup, 15-30 s apart by default", () => {
    expect(NUMBER_CHECK_PACE).toEqual({ batch: 50, minMs: 15_000, maxMs: 30_000, perDay: 1000 });
  });

  it("on a real number: one lookup per batch of up to 50, and the next batch's time written to the connection", async () => {
    const pace = { batch: 50, minMs: 300, maxMs: 600, perDay: 1000 };
    const { lookups, planned, whatsappId } = await run("beta", { pending: 120, pace });
    const nextAt = async () => (await getDb().select({ at: whatsapps.numberCheckNextAt }).from(whatsapps).where(eq(whatsapps.id, whatsappId)))[0].at;
    await expect.poll(() => lookups.length, { timeout: 5000 }).toBe(1);
    // written as the first batch went, between the least and the longest wait after it
    const first = await nextAt();
    expect(first).not.toBeNull();
    expect(first!.getTime() - lookups[0].at).toBeGreaterThanOrEqual(pace.minMs - 50);
    expect(first!.getTime() - lookups[0].at).toBeLessThanOrEqual(pace.maxMs + 50);
    await expect.poll(() => lookups.length, { timeout: 5000 }).toBe(3);
    expect(lookups.map((l) => l.numbers.length)).toEqual([50, 50, 20]);
    expect(new Set(lookups.flatMap((l) => l.numbers)).size).toBe(120);
    // nothing left to check: no batch planned
    await expect.poll(nextAt, { timeout: 5000 }).toBeNull();
    expect(planned.map((p) => p.nextAt === null)).toEqual([false, false, false, true]);
  });
});
