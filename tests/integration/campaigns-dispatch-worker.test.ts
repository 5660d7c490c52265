// The campaign dispatcher with the real WhatsApp worker and the sandbox provider: a worker killed
// mid-campaign, a second one finishing it, the sandbox phone showing each number exactly once;
// numbers checked at send; the confirmation flow.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, sandboxMessages, sandboxSessions, tickets, whatsapps } from "@/db/schema";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { campaignOutbox } from "@/lib/campaigns/dispatch/outbox";
import { campaignReport } from "@/lib/campaigns/dispatch/report";
import { resetEnvCache } from "@/lib/env";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { createSandboxConnection } from "@/lib/whatsapp/providers/sandbox/connection";
import type { WhatsAppConnection } from "@/lib/whatsapp/types";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createTenant, type Tenant } from "../helpers/factories";
import { campaignRow, countBy, makeCampaign, makeList, numbers, setSettings, shippingOf } from "./campaigns-dispatch-env";

let a: Tenant;
let b: Tenant;
const cleanup: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  process.env.SANDBOX_ENABLED = "1";
  resetEnvCache();
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  for (const t of [a, b]) {
    await setSettings(t, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
    await getDb().update(whatsapps).set({ status: "CONNECTED", sessionRequest: null }).where(eq(whatsapps.id, t.whatsappId));
    await getDb().insert(sandboxSessions).values({ whatsappId: t.whatsappId, companyId: t.companyId, pairedAt: new Date(), number: "5511900000001" });
  }
});
afterAll(async () => {
  for (const c of cleanup.reverse()) await c().catch(() => {});
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

/**
 * A worker on the sandbox provider. `dieAfter`: the provider accepts that many sends, then the
 * process "dies" right after the next one reaches the phone and before it is marked sent.
 */
function worker(id: string, opts: { dieAfter?: number } = {}) {
  let sends = 0;
  const inner: WhatsAppConnection[] = [];
  const w = createWhatsAppWorker({
    db: getDb,
    workerId: id,
    providers: ["sandbox"],
    leaseMs: 300,
    tickMs: 50,
    log: () => {},
    createConnection: (_p, ctx) => {
      const conn = createSandboxConnection(ctx, { pollMs: 50 });
      inner.push(conn);
      if (opts.dieAfter === undefined) return conn;
      return {
        ...conn,
        send: async (m) => {
          const r = await conn.send(m);
          if (++sends > opts.dieAfter!) await new Promise(() => {});
          return r;
        },
      };
    },
    onEvent: (conn, ev) => handleProviderEvent(getDb(), conn, ev),
    outbox: {
      claim: (w, l) => claimOutbox(getDb(), w, l),
      markSent: async (r) => void (await markSent(getDb(), r)),
      markFailed: async (r) => void (await markFailed(getDb(), r)),
    },
    campaignOutbox: campaignOutbox(getDb),
  });
  cleanup.push(async () => Promise.all(inner.map((c) => c.stop())));
  return { worker: w, sends: () => sends };
}

const phone = async (whatsappId: number) =>
  getDb()
    .select()
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.whatsappId, whatsappId), eq(sandboxMessages.direction, "out")));

async function run(w: WhatsAppWorker, until: () => Promise<boolean>, ms = 30_000) {
  cleanup.push(() => w.stop());
  await w.start();
  await expect.poll(until, { timeout: ms, interval: 100 }).toBe(true);
}

it("a worker killed mid-campaign: the next one finishes it, each number reaches the phone exactly once", async () => {
  const nums = numbers(40);
  const unknownValid = nums.slice(0, 2);
  const invalid = ["5531987650000", "5531987660000"];
  const list = [
    ...unknownValid.map((n) => ({ number: n, valid: null })),
    ...invalid.map((n) => ({ number: n, valid: null })),
    ...nums.slice(4),
  ];
  const id = await makeCampaign(a, {
    contactListId: await makeList(a, list),
    whatsappId: a.whatsappId,
    message1: "Promoção para {nome}",
    mediaPath: `${a.companyId}/2030-01/promo.png`,
    mediaName: "promo.png",
  });
  await startDueCampaigns(getDb(), new Date(), { campaignId: id });
  await dispatchDue(getDb(), new Date(), { campaignId: id });

  const first = worker("w-dies", { dieAfter: 14 });
  void first.worker.start();
  await expect.poll(() => first.sends(), { timeout: 20_000 }).toBe(15);
  void first.worker.abandon(); // dies: 15 messages on the phone, the last one never marked sent
  // its claims count as abandoned after a minute, its lease after 300 ms: age them instead of waiting
  await getDb().execute(sql`update campaign_messages set updated_at = now() - interval '2 minutes' where send_status = 'sending'`);
  await new Promise((r) => setTimeout(r, 400));
  expect((await campaignRow(id)).status).toBe("EM_ANDAMENTO");

  const second = worker("w-takes-over");
  await run(second.worker, async () => (await campaignRow(id)).status === "FINALIZADA");

  const out = await phone(a.whatsappId);
  const perNumber = countBy(out, (m) => m.number);
  // 38 numbers on WhatsApp, text + attachment each; none of the two that are not
  expect(out).toHaveLength(76);
  expect(perNumber.size).toBe(38);
  expect([...perNumber.values()].every((n) => n === 2)).toBe(true);
  for (const n of invalid) expect(perNumber.has(n)).toBe(false);
  expect(new Set(out.map((m) => m.wid)).size).toBe(76);
  // the row the first worker had handed to the phone but never marked was sent again, same id, shown once
  const resent = (await getDb().execute(sql`
    select wid from campaign_messages where campaign_id = ${id} and send_attempts > 1 and send_status = 'sent'
  `)) as unknown as { wid: string }[];
  expect(resent.length).toBeGreaterThan(0);
  for (const r of resent) expect(out.filter((m) => m.wid === r.wid)).toHaveLength(1);
  expect(out.filter((m) => m.body.startsWith("Promoção para ")).length).toBe(38);

  const rows = await shippingOf(id);
  expect(rows.filter((s) => s.status === "delivered")).toHaveLength(38);
  expect(rows.filter((s) => s.status === "invalid").map((s) => s.number).sort()).toEqual(invalid.sort());
  expect(await campaignReport(getDb(), a.companyId, id)).toMatchObject({ total: 40, valid: 38, invalid: 2, delivered: 38, failed: 0 });
  expect((await campaignRow(id)).completedAt).toBeInstanceOf(Date);
  // campaign messages open no ticket
  expect(await getDb().select().from(tickets).where(eq(tickets.whatsappId, a.whatsappId))).toEqual([]);
});

it("confirmation: the request goes first; the customer's answer sends the campaign message", async () => {
  const [yes, silent] = numbers(2);
  const id = await makeCampaign(b, {
    contactListId: await makeList(b, [
      { number: yes, name: "Ana" },
      { number: silent, name: "Bruno" },
    ]),
    whatsappId: b.whatsappId,
    message1: "Oferta para {nome}",
    confirmation: true,
    confirmationMessage1: "{nome}, podemos enviar a oferta?",
  });
  await startDueCampaigns(getDb(), new Date(), { campaignId: id });
  await dispatchDue(getDb(), new Date(), { campaignId: id });
  const w = worker("w-confirm");
  // confirming counts as done: the campaign finishes once both requests are out
  await run(w.worker, async () => (await campaignRow(id)).status === "FINALIZADA");
  expect((await phone(b.whatsappId)).map((m) => m.body).sort()).toEqual(["Ana, podemos enviar a oferta?", "Bruno, podemos enviar a oferta?"]);
  let rows = await shippingOf(id);
  expect(rows.map((s) => s.status)).toEqual(["confirming", "confirming"]);
  expect(rows.every((s) => s.confirmation_requested_at)).toBe(true);

  // Ana answers on the phone
  await getDb().insert(sandboxMessages).values({ companyId: b.companyId, whatsappId: b.whatsappId, direction: "in", wid: "ANS-1", number: yes, name: "Ana", body: "Sim" });
  await expect.poll(async () => (await phone(b.whatsappId)).length, { timeout: 15_000 }).toBe(3);
  const offer = (await phone(b.whatsappId)).find((m) => m.body === "Oferta para Ana");
  expect(offer?.number).toBe(yes);
  await expect.poll(async () => (await shippingOf(id))[0].status, { timeout: 10_000 }).toBe("delivered");
  rows = await shippingOf(id);
  expect(rows[0].confirmed_at).not.toBeNull();
  expect(rows[1]).toMatchObject({ status: "confirming", confirmed_at: null });
  // Bruno has not answered: the finished campaign still waits for him (issue 34 §2.3)
  expect(await campaignReport(getDb(), b.companyId, id)).toMatchObject({ total: 2, confirmationRequested: 2, confirmed: 1, delivered: 1, awaitingConfirmation: 1 });
  // the answer opened a ticket as any message does; the campaign's own messages are not in it
  const [ticket] = await getDb().select().from(tickets).where(eq(tickets.whatsappId, b.whatsappId));
  const inTicket = await getDb().select().from(messages).where(eq(messages.ticketId, ticket.id));
  expect(inTicket.map((m) => m.body)).toEqual(["Sim"]);
  // a second answer sends nothing more
  await getDb().insert(sandboxMessages).values({ companyId: b.companyId, whatsappId: b.whatsappId, direction: "in", wid: "ANS-2", number: yes, name: "Ana", body: "Sim!" });
  await expect.poll(async () => (await getDb().select().from(messages).where(eq(messages.ticketId, ticket.id))).length, { timeout: 10_000 }).toBe(2);
  await new Promise((r) => setTimeout(r, 300));
  expect(await phone(b.whatsappId)).toHaveLength(3);
});
