// The whole path on the sandbox phone (issue 17 §3): the customer writes through the sandbox API,
// the worker ingests, the chatbot writes a bot turn, the embedded scheduler's bot loop runs it (woken
// in this process, its timer far away), and the worker sends the bot's answers to the phone.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as inbound } from "@/app/api/sandbox/[connectionId]/inbound/route";
import { GET as outbound } from "@/app/api/sandbox/[connectionId]/outbound/route";
import { POST as scan } from "@/app/api/sandbox/[connectionId]/scan/route";
import { getDb } from "@/db";
import { messages, queueIntegrations, queues, tickets, whatsappQueues, whatsapps } from "@/db/schema";
import { registerBotProvider, unregisterBotProviders } from "@/lib/bots/registry";
import { resetEnvCache } from "@/lib/env";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { setRealtimeSink } from "@/lib/realtime/publish";
import type { WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createSandboxWorker } from "../helpers/sandbox-worker";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

let t: Tenant;
let admin: string;
let worker: WhatsAppWorker;
let scheduler: ReturnType<typeof createEmbeddedScheduler>;
const CUSTOMER = "5511966660042";
const p = () => ({ connectionId: t.whatsappId });

beforeAll(async () => {
  process.env.SANDBOX_ENABLED = "1";
  resetEnvCache();
  setRealtimeSink(() => {});
  t = await createTenant();
  admin = (await loginAs(t.admin)).token;
  const [support, sales] = t.queueIds;
  // one queue, whose integration answers
  await getDb().delete(whatsappQueues).where(eq(whatsappQueues.queueId, sales));
  const [hook] = await getDb().insert(queueIntegrations).values({ companyId: t.companyId, type: "n8n", name: "n8n" }).returning();
  await getDb().update(queues).set({ integrationId: hook.id }).where(eq(queues.id, support));
  await getDb().update(whatsapps).set({ sessionRequest: "start", sessionRequestedAt: new Date() }).where(eq(whatsapps.id, t.whatsappId));
  registerBotProvider("n8n", {
    turn: async (c) => (c.body === "tchau" ? [{ type: "text", body: "Passando para um atendente." }, { type: "handoff" }] : [{ type: "text", body: `Recebi: ${c.body}` }, { type: "wait", ms: 10 }, { type: "text", body: "Algo mais?" }]),
  });
  worker = createSandboxWorker("w-bots-sandbox");
  await worker.tick();
  scheduler = createEmbeddedScheduler({ db: getDb, intervalMs: 3_600_000, botTurnsEveryMs: 3_600_000, log: () => {} });
  scheduler.start();
});
afterAll(async () => {
  await scheduler.stop();
  await worker.stop();
  unregisterBotProviders();
  setRealtimeSink(null);
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

const phone = async () =>
  (await call(outbound, { url: `/api/sandbox/${t.whatsappId}/outbound?to=${CUSTOMER}`, token: admin, params: p() })).body as {
    state: { qrCode: string | null };
    messages: { direction: string; body: string }[];
  };
const received = async () => (await phone()).messages.filter((m) => m.direction === "out").map((m) => m.body);

async function customerWrites(body: string) {
  const res = await call(inbound, { method: "POST", url: `/api/sandbox/${t.whatsappId}/inbound`, token: admin, params: p(), body: { from: CUSTOMER, name: "Bia", body } });
  expect(res.status).toBe(200);
}

/** What the phone shows once it has `n` messages from the connection (the worker ticks until then). */
async function phoneShows(n: number) {
  await expect
    .poll(async () => {
      await worker.tick();
      return (await received()).length;
    }, { timeout: 15_000, interval: 50 })
    .toBe(n);
  return received();
}

it("the integration's answers reach the sandbox phone in order; its hand-off leaves the ticket to the agents", async () => {
  await expect.poll(async () => (await phone()).state.qrCode, { timeout: 10_000 }).toMatch(/^SANDBOX:/);
  const qr = (await phone()).state.qrCode;
  expect((await call(scan, { method: "POST", url: `/api/sandbox/${t.whatsappId}/scan`, token: admin, params: p(), body: { code: qr } })).status).toBe(200);
  await customerWrites("Olá");
  expect(await phoneShows(2)).toEqual(["Recebi: Olá", "Algo mais?"]);
  await customerWrites("tchau");
  expect((await phoneShows(3)).at(-1)).toBe("Passando para um atendente.");
  // nothing more from the bot, once the worker has ingested the next message
  await customerWrites("alô?");
  await expect
    .poll(async () => {
      await worker.tick();
      return (await getDb().select({ id: messages.id }).from(messages).where(and(eq(messages.body, "alô?"), eq(messages.companyId, t.companyId)))).length;
    }, { timeout: 15_000, interval: 50 })
    .toBe(1);
  await scheduler.botTurns();
  await worker.tick();
  expect(await received()).toHaveLength(3);
  const [ticket] = await getDb().select().from(tickets).where(and(eq(tickets.companyId, t.companyId), eq(tickets.status, "pending")));
  expect(ticket).toMatchObject({ queueId: t.queueIds[0], userId: null, useIntegration: false, integrationId: null });
});
