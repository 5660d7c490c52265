// A worker dies with outbox rows claimed and unsent; after a restart every row is sent exactly once.
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import { createTenant, type Tenant } from "../helpers/factories";
import { createSendingWorker } from "../helpers/sending-worker";

let tenant: Tenant;
let ticketId: number;
let ctx: TenantContext;

beforeAll(async () => {
  tenant = await createTenant({ chatbot: false });
  ctx = { companyId: tenant.companyId, userId: tenant.admin.id, profile: "admin", queueIds: tenant.queueIds, super: false, sessionId: "t" };
  const r = await ingestInbound(getDb(), {
    companyId: tenant.companyId,
    whatsappId: tenant.whatsappId,
    message: { wid: "IN-1", chatId: "5511977776666", isGroup: false, from: { number: "5511977776666", name: "Ana" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  ticketId = r.ticketId;
  await getDb().update(whatsapps).set({ status: "CONNECTED", sessionRequest: null }).where(eq(whatsapps.id, tenant.whatsappId));
});

/** A worker whose provider records sends; `hang` makes send() never return (a process about to die). */
function worker(id: string, sent: string[], hang = false) {
  return createSendingWorker({
    workerId: id,
    leaseMs: 300,
    send: (m) => (hang ? new Promise(() => sent.push(m.wid)) : (sent.push(m.wid), Promise.resolve({ wid: m.wid }))),
  });
}

it("sends every pending row once across a crash and a restart", async () => {
  for (let i = 1; i <= 5; i++) await queueOutbound(getDb(), ctx, ticketId, { body: `resposta ${i}` });
  const firstSends: string[] = [];
  const first = worker("w-crash", firstSends, true);
  void first.tick();
  await expect.poll(() => firstSends.length).toBe(1); // claimed a batch, stuck sending the first
  void first.abandon(); // the process dies: its claim stays "sending", its lease lapses
  await new Promise((r) => setTimeout(r, 400));
  // a claim older than 60 s counts as abandoned; age this one instead of waiting a minute
  await getDb().execute(sql`update messages set updated_at = now() - interval '2 minutes' where send_status = 'sending'`);

  const sent: string[] = [];
  const second = worker("w-restart", sent);
  await second.tick();
  await expect.poll(() => sent.length).toBe(5);
  await second.tick();
  const rows = await getDb().select().from(messages).where(eq(messages.ticketId, ticketId));
  const outbound = rows.filter((r) => r.fromMe);
  expect(outbound.map((r) => r.sendStatus)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
  expect(new Set(sent).size).toBe(5); // nothing twice after the restart
  expect(sent.sort()).toEqual(outbound.map((r) => r.wid).sort());
  await second.stop();
});
