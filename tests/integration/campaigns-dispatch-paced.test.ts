// Campaigns on a real number (issue 33 §6) on real Postgres: a `beta` connection dispatches only
// while CONNECTED, what came due while it was down is spread again when it comes back, and its
// gaps are never below the pacer's minimum. The sandbox keeps today's timing.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { dispatchDue, nextDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { PACED_JITTER, PACED_MIN_SECONDS } from "@/lib/campaigns/dispatch/spacing";
import { updateSessionState } from "@/lib/whatsapp/worker/session-state";
import type { Tenant } from "../helpers/factories";
import { captureRealtime, twoCompanies, type Env } from "../helpers/ticket-env";
import { makeCampaign, makeList, newConnection, numbers, setSettings, shippingOf } from "./campaigns-dispatch-env";

let env: Env;
captureRealtime();

beforeAll(async () => {
  env = await twoCompanies();
});

let seq = 0;
async function betaConnection(t: Tenant, status: "CONNECTED" | "TIMEOUT" | "DISCONNECTED") {
  const [w] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.companyId, name: `Número ${++seq}`, provider: "beta", status, token: `beta-${seq}-${Date.now()}` })
    .returning({ id: whatsapps.id });
  return w.id;
}

/** A campaign of `n` recipients on `whatsappId`, started at `start`. */
async function started(t: Tenant, whatsappId: number, n: number, start: Date) {
  const id = await makeCampaign(t, { whatsappId, contactListId: await makeList(t, numbers(n)), scheduledAt: new Date(start.getTime() - 1000) });
  expect((await startDueCampaigns(getDb(), start, { campaignId: id })).started).toEqual([id]);
  return id;
}

const dueSecs = async (id: number, from: Date) => (await shippingOf(id)).map((s) => (new Date(s.due_at!).getTime() - from.getTime()) / 1000);
const gaps = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]);
const setStatus = (id: number, status: string) => getDb().execute(sql`update whatsapps set status = ${status} where id = ${id}`);

describe("the pacer's minimum spacing", () => {
  it("a beta connection's campaign with interval 0 is spaced at least the minimum apart; a sandbox one keeps 0", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const start = new Date("2030-02-01T12:00:00Z");
    const beta = await started(a, await betaConnection(a, "CONNECTED"), 6, start);
    const sandbox = await started(a, await newConnection(a), 6, start);

    const betaDue = await dueSecs(beta, start);
    expect(betaDue[0]).toBe(0);
    for (const g of gaps(betaDue)) {
      expect(g).toBeGreaterThanOrEqual(PACED_MIN_SECONDS);
      expect(g).toBeLessThanOrEqual(PACED_MIN_SECONDS * (1 + PACED_JITTER));
    }
    expect(await dueSecs(sandbox, start)).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("a chosen interval above the minimum is kept on beta (lengthened by the jitter at most)", async () => {
    const { b } = env;
    await setSettings(b, { messageInterval: 20, longerIntervalAfter: 5, greaterInterval: 5 });
    const start = new Date("2030-02-01T12:00:00Z");
    const g = gaps(await dueSecs(await started(b, await betaConnection(b, "CONNECTED"), 7, start), start));
    // the fifth gap is the "longer" one, 5 s chosen: the minimum instead
    [20, 20, 20, 20, PACED_MIN_SECONDS, 20].forEach((want, i) => {
      expect(g[i]).toBeGreaterThanOrEqual(want);
      expect(g[i]).toBeLessThanOrEqual(want * (1 + PACED_JITTER));
    });
  });
});

describe("dispatching only while the connection is CONNECTED", () => {
  it("a beta campaign whose connection is down is not claimed and keeps its due times; it goes once CONNECTED", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 10, longerIntervalAfter: 0, greaterInterval: 0 });
    const start = new Date("2030-03-01T12:00:00Z");
    const whatsappId = await betaConnection(a, "TIMEOUT");
    const id = await started(a, whatsappId, 3, start);
    const before = await shippingOf(id);

    const later = new Date(start.getTime() + 3600_000);
    expect(await dispatchDue(getDb(), later, { campaignId: id })).toMatchObject({ queued: 0, nextDueAt: null });
    expect(await nextDue(getDb(), id)).toBeNull();
    const after = await shippingOf(id);
    expect(after.map((s) => s.status)).toEqual(["pending", "pending", "pending"]);
    expect(after.map((s) => String(s.due_at))).toEqual(before.map((s) => String(s.due_at)));

    await setStatus(whatsappId, "CONNECTED");
    expect((await dispatchDue(getDb(), later, { campaignId: id })).queued).toBe(3);
  });

  it("the sandbox keeps today's behaviour: dispatched whatever its status", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    const start = new Date("2030-03-01T12:00:00Z");
    const whatsappId = await newConnection(a); // DISCONNECTED, as the factory makes it
    const id = await started(a, whatsappId, 2, start);
    expect((await dispatchDue(getDb(), start, { campaignId: id })).queued).toBe(2);
  });
});

describe("re-spacing when the connection comes back", () => {
  it("pending recipients are due again from the reconnect, one gap apart, in their order", async () => {
    const { b } = env;
    await setSettings(b, { messageInterval: 20, longerIntervalAfter: 0, greaterInterval: 0 });
    const whatsappId = await betaConnection(b, "TIMEOUT");
    // started 50 s ago: three were due while it was down, three are still to come
    const start = new Date(Date.now() - 50_000);
    const id = await started(b, whatsappId, 6, start);
    const other = await started(b, await betaConnection(b, "CONNECTED"), 2, new Date(Date.now() + 3600_000));
    const untouched = (await shippingOf(other)).map((s) => String(s.due_at));

    await updateSessionState(getDb(), { id: whatsappId, companyId: b.companyId }, { status: "CONNECTED" });
    const [w] = (await getDb().execute(sql`select connected_at, status from whatsapps where id = ${whatsappId}`)) as unknown as {
      connected_at: Date;
      status: string;
    }[];
    expect(w.status).toBe("CONNECTED");
    const back = new Date(w.connected_at);

    const due = await dueSecs(id, back);
    expect(due[0]).toBeGreaterThanOrEqual(20);
    expect(due[0]).toBeLessThanOrEqual(20 * (1 + PACED_JITTER));
    for (const g of gaps(due)) {
      expect(g).toBeGreaterThanOrEqual(20);
      expect(g).toBeLessThanOrEqual(20 * (1 + PACED_JITTER));
    }
    // nothing is due at the reconnect: no burst
    expect((await dispatchDue(getDb(), back, { campaignId: id })).queued).toBe(0);
    expect((await dispatchDue(getDb(), new Date(back.getTime() + due[0] * 1000), { campaignId: id })).queued).toBe(1);
    // another connection's campaign is not touched
    expect((await shippingOf(other)).map((s) => String(s.due_at))).toEqual(untouched);
  });

  it("a sandbox connection coming back changes no due time", async () => {
    const { a } = env;
    await setSettings(a, { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 });
    const whatsappId = await newConnection(a);
    const id = await started(a, whatsappId, 3, new Date(Date.now() - 3600_000));
    const before = (await shippingOf(id)).map((s) => String(s.due_at));
    await updateSessionState(getDb(), { id: whatsappId, companyId: a.companyId }, { status: "CONNECTED" });
    expect((await shippingOf(id)).map((s) => String(s.due_at))).toEqual(before);
  });
});
