// Issue 6 "done when": a customer writing on the sandbox phone gets the numbered queue menu from the
// bot (sent by the worker, seen on the phone), picks a queue, walks its option tree, and
// GET /api/tickets shows the ticket pending in that queue to its agents.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as inbound } from "@/app/api/sandbox/[connectionId]/inbound/route";
import { GET as outbound } from "@/app/api/sandbox/[connectionId]/outbound/route";
import { POST as scan } from "@/app/api/sandbox/[connectionId]/scan/route";
import { GET as listTicketsRoute } from "@/app/api/tickets/route";
import { getDb } from "@/db";
import { queueOptions, queues, whatsapps } from "@/db/schema";
import { BOT_TEXTS } from "@/lib/chatbot/texts";
import { resetEnvCache } from "@/lib/env";
import { setRealtimeSink } from "@/lib/realtime/publish";
import type { WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createSandboxWorker } from "../helpers/sandbox-worker";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

let t: Tenant;
let admin: string;
let agent: string;
let worker: WhatsAppWorker;
const CUSTOMER = "5511966660001";
const p = () => ({ connectionId: t.whatsappId });

beforeAll(async () => {
  process.env.SANDBOX_ENABLED = "1";
  resetEnvCache();
  setRealtimeSink(() => {});
  t = await createTenant();
  [admin, agent] = (await Promise.all([loginAs(t.admin), loginAs(t.agent)])).map((s) => s.token);
  const [support] = t.queueIds;
  await getDb().update(whatsapps).set({ greetingMessage: "Bem-vindo! Escolha:", sessionRequest: "start", sessionRequestedAt: new Date() }).where(eq(whatsapps.id, t.whatsappId));
  await getDb().update(queues).set({ greetingMessage: "Você está no Suporte." }).where(eq(queues.id, support));
  const [fin] = await getDb().insert(queueOptions).values({ companyId: t.companyId, queueId: support, title: "Financeiro", option: "1", message: "Sobre pagamentos:" }).returning();
  await getDb().insert(queueOptions).values({ companyId: t.companyId, queueId: support, parentId: fin.id, title: "Segunda via", option: "1", message: "Enviamos a segunda via." });
  worker = createSandboxWorker("w-chatbot-sandbox");
  await worker.tick();
});
afterAll(async () => {
  await worker.stop();
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

/** The phone shows `n` bot messages (the worker ticks its outbox until then). */
async function phoneShows(n: number) {
  await expect
    .poll(async () => {
      await worker.tick();
      return (await received()).length;
    }, { timeout: 10_000, interval: 50 })
    .toBe(n);
  return (await received()).at(-1);
}

it("menu, queue, option tree on the sandbox phone; the ticket waits in the queue for its agents", async () => {
  await expect.poll(async () => (await phone()).state.qrCode, { timeout: 10_000 }).toMatch(/^SANDBOX:/);
  const qr = (await phone()).state.qrCode;
  expect((await call(scan, { method: "POST", url: `/api/sandbox/${t.whatsappId}/scan`, token: admin, params: p(), body: { code: qr } })).status).toBe(200);

  await customerWrites("Olá");
  const menu = await phoneShows(1);
  expect(menu).toMatch(/^Bem-vindo! Escolha:\n\n\*\[ 1 \]\* - Support .*\n\*\[ 2 \]\* - Sales /);

  await customerWrites("1");
  expect(await phoneShows(2)).toBe(`Você está no Suporte.\n\n*[ 1 ]* - Financeiro\n\n${BOT_TEXTS.backHint}`);
  await customerWrites("1");
  expect(await phoneShows(3)).toBe(`Sobre pagamentos:\n\n*[ 1 ]* - Segunda via\n\n${BOT_TEXTS.backHint}`);
  await customerWrites("1");
  expect(await phoneShows(4)).toBe("Enviamos a segunda via.");

  // the agent of "Support" sees it pending in that queue
  const res = await call(listTicketsRoute, { url: "/api/tickets?status=pending", token: agent });
  expect(res.status).toBe(200);
  const mine = (res.body.tickets as { contact: { number: string }; status: string; queueId: number; userId: number | null }[]).find(
    (x) => x.contact.number === CUSTOMER,
  );
  expect(mine).toMatchObject({ status: "pending", queueId: t.agentQueueId, userId: null });
});
