// Issue 33 part 6: a real number (`beta`) asks WhatsApp about contact-list numbers in small batches
// a while apart, never while it sends, up to a daily cap; the simulated phone keeps asking at every
// tick. The worker's leases on real Postgres, a scripted provider and an in-memory list of numbers.
import { eq, ne } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import type { WhatsAppConnection } from "@/lib/whatsapp/types";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import type { ClaimedOutbound, NumberChecks } from "@/lib/whatsapp/worker/types";
import { createTenant } from "../helpers/factories";

const workers: WhatsAppWorker[] = [];
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

async function run(provider: "beta" | "sandbox", opts: { outbox?: ClaimedOutbound[]; slowSend?: Promise<void> } = {}) {
  const t = await createTenant();
  // this test's connection only: the earlier tests' ones are left for no worker to claim
  await getDb().update(whatsapps).set({ status: "DISCONNECTED" }).where(ne(whatsapps.id, t.whatsappId));
  await getDb().update(whatsapps).set({ provider, status: "OPENING" }).where(eq(whatsapps.id, t.whatsappId));
  const pending = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, number: `55119000000${String(i).padStart(2, "0")}` }));
  const asked: { number: string; at: number }[] = [];
  const numberChecks: NumberChecks = {
    claim: async (_conn, limit) => pending.splice(0, limit),
    record: async () => {},
  };
  const worker = createWhatsAppWorker({
    db: getDb,
    workerId: `w-checks-${provider}-${t.whatsappId}`,
    providers: [provider],
    tickMs: 20,
    log: () => {},
    numberChecks,
    numberCheckPace: { batch: 3, intervalMs: 300, perDay: 7 },
    createConnection: (_p, ctx): WhatsAppConnection => ({
      start: async () => void (await ctx.emit({ type: "status", status: "CONNECTED" })),
      stop: async () => {},
      logout: async () => {},
      checkNumber: async (n) => (asked.push({ number: n, at: Date.now() }), n),
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
  return { asked, worker };
}

const gaps = (asked: { at: number }[], batch: number) =>
  asked.filter((_, i) => i > 0 && i % batch === 0).map((a, i) => a.at - asked[i * batch + batch - 1].at);

describe("background number checks", () => {
  it("on a real number: batches of a few, a while apart, up to the day's cap", async () => {
    const { asked } = await run("beta");
    await new Promise((r) => setTimeout(r, 1500));
    // 3 + 3 + 1 = the cap of 7, in three batches at least 0.75 of the interval apart
    expect(asked).toHaveLength(7);
    for (const gap of gaps(asked, 3)) expect(gap).toBeGreaterThanOrEqual(0.75 * 300 - 5);
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
});
