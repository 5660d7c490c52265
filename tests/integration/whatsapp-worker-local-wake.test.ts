// The bot's answer to a message the worker just stored is sent by that same worker without a
// NOTIFY (lib/whatsapp/worker/local-wake.ts); a connection this process doesn't run is still woken
// by one; rows announced while an outbox pass runs get one more pass.
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb, rawClient } from "@/db";
import { whatsapps } from "@/db/schema";
import { wakesSent, wakeWorker } from "@/lib/chatbot/wake-worker";
import { queueBotMessage } from "@/lib/chatbot/queue-bot-message";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, type Tenant } from "../helpers/factories";
import { createSendingWorker } from "../helpers/sending-worker";

let tenant: Tenant;
let listener: postgres.Sql;
const notified: string[] = [];

beforeAll(async () => {
  tenant = await createTenant();
  await getDb().update(whatsapps).set({ status: "CONNECTED", sessionRequest: null }).where(eq(whatsapps.id, tenant.whatsappId));
  listener = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  await listener.listen("outbox", (payload) => void notified.push(payload));
});

afterAll(async () => {
  await listener.end({ timeout: 2 });
});

/** A worker whose provider records what it sends (after `gate`); its timer never ticks during a test. */
function worker(sent: string[], gate?: () => Promise<void>) {
  return createSendingWorker({
    workerId: `local-wake-${Math.random()}`,
    tickMs: 3_600_000,
    send: async (m) => {
      await gate?.();
      sent.push(m.body ?? "");
      return { wid: m.wid };
    },
  });
}

const customer = (n: string, body: string): InboundMessage => ({
  wid: `LW-${Math.random()}`, chatId: n, isGroup: false, from: { number: n, name: "Bia" }, fromMe: false, body, mediaType: null, timestamp: new Date(),
});

/** A NOTIFY sent now would have arrived by the time a marker notify sent after it does. */
async function notifiesSettled() {
  const marker = `marker-${Math.random()}`;
  await rawClient(getDb())`select pg_notify('outbox', ${marker})`;
  await expect.poll(() => notified.includes(marker)).toBe(true);
  notified.splice(notified.indexOf(marker), 1);
}

it("sends the bot's answer to a message this process stored at once, without a NOTIFY", async () => {
  const sent: string[] = [];
  const w = worker(sent);
  await w.start();
  expect(w.running()).toEqual([tenant.whatsappId]);
  await notifiesSettled();
  notified.length = 0;

  // a new customer: the bot's greeting with the queue menu is written with the message
  await ingestInbound(getDb(), { companyId: tenant.companyId, whatsappId: tenant.whatsappId, message: customer("5511966660001", "oi") });
  await expect.poll(() => sent.length).toBe(1);
  expect(sent[0]).toContain("Hello"); // the connection's greeting
  await wakesSent(getDb());
  await notifiesSettled();
  expect(notified).toEqual([]);
  await w.stop();
});

it("wakes a connection this process doesn't run, or no longer runs, with a NOTIFY", async () => {
  const w = worker([]);
  await w.start();
  await notifiesSettled();
  notified.length = 0;
  await wakeWorker(getDb(), [tenant.whatsappId + 1000]);
  await w.stop();
  await wakeWorker(getDb(), [tenant.whatsappId]);
  await expect.poll(() => [...notified].sort()).toEqual([String(tenant.whatsappId), String(tenant.whatsappId + 1000)].sort());
});

it("gives rows announced during an outbox pass one more pass, with no tick", async () => {
  const sent: string[] = [];
  let release = () => {};
  let held = 0;
  // the first send waits until the test releases it: the pass is in flight meanwhile
  const w = worker(sent, () => (held++ === 0 ? new Promise<void>((r) => (release = r)) : Promise.resolve()));
  await w.start();
  const { ticketId } = await ingestInbound(getDb(), {
    companyId: tenant.companyId,
    whatsappId: tenant.whatsappId,
    message: { ...customer("5511966660002", "oi"), wid: `LW-pass-${Math.random()}` },
  });
  await expect.poll(() => held).toBe(1); // the greeting's send is in flight
  await queueBotMessage(getDb(), { companyId: tenant.companyId, ticketId, body: "segunda mensagem" });
  release();
  await expect.poll(() => sent).toEqual([expect.any(String), "segunda mensagem"]);
  await w.stop();
});
