// Workers reporting themselves (worker_processes), releasing their leases on stop (waking the
// others), and sharing connections fairly; in process, with the sandbox provider, on real Postgres.
import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterEach, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps, workerProcesses } from "@/db/schema";
import type { WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createTenant, type Tenant } from "../helpers/factories";
import { createSandboxWorker } from "../helpers/sandbox-worker";

let tenant: Tenant;
let ids: number[];
const running: WhatsAppWorker[] = [];

beforeAll(async () => {
  tenant = await createTenant({ chatbot: false });
  const more = await getDb()
    .insert(whatsapps)
    .values([2, 3, 4].map((n) => ({ companyId: tenant.companyId, name: `Conn ${n}`, provider: "sandbox", status: "OPENING", token: randomBytes(24).toString("base64url") })))
    .returning({ id: whatsapps.id });
  ids = [tenant.whatsappId, ...more.map((r) => r.id)];
  await getDb().update(whatsapps).set({ status: "OPENING" }).where(eq(whatsapps.id, tenant.whatsappId));
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((w) => w.stop()));
  await getDb().update(whatsapps).set({ leaseOwner: null, leaseExpiresAt: null }).where(inArray(whatsapps.id, ids));
});

const worker = (id: string) => {
  const w = createSandboxWorker(id, { leaseMs: 5000, tickMs: 60_000 });
  running.push(w);
  return w;
};
const row = async (id: string) => (await getDb().select().from(workerProcesses).where(eq(workerProcesses.id, id)))[0];

it("registers at start, reports the connections it holds, and says it stopped after releasing them", async () => {
  const w = worker("wp-solo");
  await w.start();
  expect(await row("wp-solo")).toMatchObject({ pid: process.pid, connections: 4, stoppedAt: null });
  const listener = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  const heard: string[] = [];
  try {
    await listener.listen("whatsapp_session", (payload) => void heard.push(payload));
    await w.stop();
    running.splice(0);
    await expect.poll(() => heard.length, { timeout: 5000 }).toBe(4);
  } finally {
    await listener.end({ timeout: 2 });
  }
  expect(heard.map(Number).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
  expect(await row("wp-solo")).toMatchObject({ connections: 0, stoppedAt: expect.any(Date) });
  const leases = await getDb().select({ owner: whatsapps.leaseOwner, until: whatsapps.leaseExpiresAt }).from(whatsapps).where(inArray(whatsapps.id, ids));
  expect(leases).toEqual(ids.map(() => ({ owner: null, until: null })));
});

it("splits the connections between the live workers, and the survivor takes them all at once after a stop", async () => {
  const a = worker("wp-a");
  const b = worker("wp-b");
  // both registered before either claims (as processes started together and woken by one NOTIFY)
  await getDb().insert(workerProcesses).values([{ id: "wp-a", hostname: "h", pid: 1 }, { id: "wp-b", hostname: "h", pid: 2 }]).onConflictDoNothing();
  await Promise.all([a.tick(), b.tick()]);
  expect([a.running().length, b.running().length]).toEqual([2, 2]);
  await a.stop();
  await b.tick();
  expect(b.running().sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
});

it("forgets workers stopped or unseen for more than a day when one starts", async () => {
  const db = getDb();
  await db.insert(workerProcesses).values([
    { id: "wp-old-stopped", hostname: "h", pid: 1, stoppedAt: sql`now() - interval '25 hours'` as never },
    { id: "wp-old-dead", hostname: "h", pid: 2, seenAt: sql`now() - interval '25 hours'` as never },
    { id: "wp-recent-stopped", hostname: "h", pid: 3, stoppedAt: sql`now() - interval '2 hours'` as never },
  ]);
  await worker("wp-new").start();
  const left = await db.select({ id: workerProcesses.id }).from(workerProcesses).where(sql`${workerProcesses.id} like 'wp-%-%'`);
  expect(left.map((r) => r.id).sort()).toEqual(["wp-recent-stopped"]);
});
