import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute } from "@/app/api/messages/[id]/route";
import { getDb } from "@/db";
import { messages, tickets, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import { channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { WhatsAppConnection } from "@/lib/whatsapp/types";
import { claimRevokes } from "@/lib/whatsapp/worker/revokes";
import { createWhatsAppWorker, type WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// DELETE /api/messages/{id}: own messages only, on tickets the caller may open; marked deleted,
// published, and deleted for everyone on WhatsApp by the worker (an unsent one is never sent).
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let ctx: TenantContext;
let worker: WhatsAppWorker;
let seq = 0;
const sent: string[] = [];
const revoked: [string, string, boolean][] = [];
const logs: string[] = [];
const failWids = new Set<string>();
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  ctx = { companyId: a.companyId, userId: a.admin.id, profile: "admin", queueIds: a.queueIds, super: false, sessionId: "t" };
  await getDb().update(whatsapps).set({ status: "CONNECTED", sessionRequest: null }).where(eq(whatsapps.id, a.whatsappId));
  worker = createWhatsAppWorker({
    db: getDb,
    workerId: "w-delete",
    providers: ["sandbox"],
    leaseMs: 60_000,
    log: (l) => void logs.push(l),
    createConnection: (_p, c): WhatsAppConnection => ({
      start: async () => void (await c.emit({ type: "status", status: "CONNECTED" })),
      stop: async () => {},
      logout: async () => {},
      checkNumber: async (n) => n,
      send: async (m) => (sent.push(m.wid), { wid: m.wid }),
      markRead: async () => {},
      edit: async () => {},
      deleteForEveryone: async (chatId, wid, fromMe) => {
        if (failWids.has(wid)) throw new Error("ERR_DELETE_WAPP_MSG");
        revoked.push([chatId, wid, fromMe]);
      },
    }),
    onEvent: async () => {},
    outbox: {
      claim: (id, limit) => claimOutbox(getDb(), id, limit),
      markSent: async (r) => void (await markSent(getDb(), r)),
      markFailed: async (r) => void (await markFailed(getDb(), r)),
    },
  });
  // the first tick starts the connection, whose "connected" flush runs on its own: let it finish
  // (the outbox is empty), so every later flush is the one a tick awaits
  await worker.tick();
  for (let i = 0; i < 50 && !worker.running().includes(a.whatsappId); i++) await new Promise((r) => setTimeout(r, 20));
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(async () => {
  await worker.stop();
  setRealtimeSink(null);
});
beforeEach(() => {
  published.length = 0;
});

/** A new contact's ticket (one inbound message) of tenant `t`: its id, number and the inbound message id. */
async function conversation(t: Tenant) {
  const number = `5561${String(900000000 + ++seq)}`;
  const message = { wid: randomBytes(6).toString("hex"), chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() };
  const { ticketId } = await ingestInbound(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, message });
  const [inbound] = await getDb().select().from(messages).where(eq(messages.ticketId, ticketId));
  return { ticketId, number, inboundId: inbound.id };
}

const remove = (token: string, id: number | string) => call(deleteRoute, { method: "DELETE", url: `/api/messages/${id}`, token, params: { id } });
const row = async (id: number) => (await getDb().select().from(messages).where(eq(messages.id, id)))[0];
const reply = async (ticketId: number, body: string) => (await queueOutbound(getDb(), ctx, ticketId, { body }))[0];

describe("DELETE /api/messages/{id}", () => {
  it("deletes a sent message here and, through the worker, for everyone on WhatsApp", async () => {
    const { ticketId, number } = await conversation(a);
    // the agent's own open ticket: deleting is writing in it (lib/tickets/ticket-rules.ts)
    await getDb().update(tickets).set({ status: "open", userId: a.agent.id }).where(eq(tickets.id, ticketId));
    const m = await reply(ticketId, "mensagem errada");
    await worker.tick();
    expect(sent).toContain(m.wid);
    published.length = 0;
    const res = await remove(agentA, m.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: m.id, ticketId, body: "mensagem errada", fromMe: true, isDeleted: true, sendStatus: "sent" });
    expect((await row(m.id)).revokeRequestedAt).not.toBeNull();
    const updates = published.filter((e) => e.event === "appMessage");
    expect(updates).toHaveLength(1);
    const [update] = updates;
    expect(update.channels).toEqual([channels.ticket(a.companyId, ticketId)]);
    expect(update.data).toMatchObject({ action: "update", ticketId, message: { id: m.id, isDeleted: true } });
    await worker.tick();
    expect(revoked).toContainEqual([number, m.wid, true]);
    expect(await row(m.id)).toMatchObject({ isDeleted: true, revokeRequestedAt: null });
    // a second delete changes nothing and asks for nothing
    expect((await remove(adminA, m.id)).body.isDeleted).toBe(true);
    expect((await row(m.id)).revokeRequestedAt).toBeNull();
  });

  it("cancels a message still waiting to be sent: it is never sent", async () => {
    const { ticketId } = await conversation(a);
    const m = await reply(ticketId, "cancelada");
    const res = await remove(adminA, m.id);
    expect(res.body).toMatchObject({ isDeleted: true, sendStatus: "cancelled" });
    expect((await row(m.id)).revokeRequestedAt).toBeNull();
    await worker.tick();
    expect(sent).not.toContain(m.wid);
    expect(revoked.map((r) => r[1])).not.toContain(m.wid);
    expect(await row(m.id)).toMatchObject({ sendStatus: "cancelled", isDeleted: true });
  });

  it("revokes a message sent from the phone (no outbox status)", async () => {
    const { ticketId, number } = await conversation(a);
    const [phone] = await getDb()
      .insert(messages)
      .values({ companyId: a.companyId, ticketId, whatsappId: a.whatsappId, wid: "PHONE-1", body: "do celular", fromMe: true, ack: 2 })
      .returning();
    expect((await remove(adminA, phone.id)).status).toBe(200);
    await worker.tick();
    expect(revoked).toContainEqual([number, "PHONE-1", true]);
  });

  it("keeps the message deleted and logs when WhatsApp refuses, without retrying", async () => {
    const { ticketId } = await conversation(a);
    const m = await reply(ticketId, "vai falhar");
    await worker.tick();
    failWids.add(m.wid);
    await remove(adminA, m.id);
    await worker.tick();
    expect(logs.some((l) => l.includes(`revoking message ${m.id}`) && l.includes("ERR_DELETE_WAPP_MSG"))).toBe(true);
    expect(await row(m.id)).toMatchObject({ isDeleted: true, revokeRequestedAt: null });
  });

  it("waits for a message being sent, and cancels it if the send fails back to pending", async () => {
    const { ticketId } = await conversation(a);
    const m = await reply(ticketId, "em envio");
    await getDb().update(messages).set({ sendStatus: "sending" }).where(eq(messages.id, m.id));
    await remove(adminA, m.id);
    expect(await claimRevokes(getDb(), a.whatsappId)).toEqual([]);
    expect((await row(m.id)).revokeRequestedAt).not.toBeNull();
    await markFailed(getDb(), { id: m.id, companyId: a.companyId, error: "ERR_WAPP_NOT_INITIALIZED", retry: true });
    await worker.tick();
    expect(sent).not.toContain(m.wid);
    expect(await row(m.id)).toMatchObject({ sendStatus: "cancelled", revokeRequestedAt: null, isDeleted: true });
  });

  it("refuses customers' messages, other queues' tickets, other companies and unknown ids", async () => {
    const { ticketId, inboundId } = await conversation(a);
    const own = await reply(ticketId, "minha");
    published.length = 0;
    expect(await remove(adminA, inboundId)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await row(inboundId)).isDeleted).toBe(false);
    await getDb().update(tickets).set({ queueId: a.queueIds[1] }).where(eq(tickets.id, ticketId));
    expect(await remove(agentA, own.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await remove(adminB, own.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_MESSAGE_FOUND" } });
    expect((await row(own.id)).isDeleted).toBe(false);
    expect((await remove(adminA, 9_000_000_000)).status).toBe(404);
    expect((await remove(adminA, "abc")).status).toBe(400);
    expect((await call(deleteRoute, { method: "DELETE", url: `/api/messages/${own.id}`, params: { id: own.id } })).status).toBe(401);
    expect(published.filter((e) => e.event === "appMessage")).toEqual([]); // no update of a refused delete
  });
});
