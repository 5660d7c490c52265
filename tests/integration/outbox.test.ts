import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { claimOutbox, MAX_SEND_ATTEMPTS } from "@/lib/messages/claim-outbox";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import { channels } from "@/lib/realtime/channels";
import { MAX_PAYLOAD_BYTES, setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, type Tenant } from "../helpers/factories";
import { dbKind } from "../helpers/race";

// issue 4 part 4/7: the outbox rows the worker sends, claimed once even with two claimers
let t: Tenant;
let admin: TenantContext;
let agent: TenantContext;
const published: RealtimeEvent[] = [];
let seq = 0;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant({ chatbot: false });
  const base = { companyId: t.companyId, super: false, sessionId: "s" };
  admin = { ...base, userId: t.admin.id, profile: "admin", queueIds: [...t.queueIds] };
  agent = { ...base, userId: t.agent.id, profile: "user", queueIds: [t.agentQueueId] };
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => {
  published.length = 0;
});

/** A connection of its own per test, so claims see only that test's rows. */
async function freshTicket(opts: { queueId?: number | null } = {}) {
  const db = getDb();
  const number = `5521${String(900000000 + ++seq)}`;
  const res = await ingestInbound(db, {
    companyId: t.companyId,
    whatsappId: t.whatsappId,
    message: { wid: randomBytes(8).toString("hex"), chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  if (opts.queueId !== undefined) await db.update(tickets).set({ queueId: opts.queueId }).where(eq(tickets.id, res.ticketId));
  return { ticketId: res.ticketId, inboundId: res.messageId, number };
}

async function isolatedConnectionTicket() {
  const { ticketId, number } = await freshTicket();
  const [{ id: whatsappId }] = (await getDb().execute(sql`
    insert into whatsapps (company_id, name, provider) values (${t.companyId}, ${`Outbox ${randomBytes(4).toString("hex")}`}, 'sandbox') returning id
  `)) as unknown as { id: number }[];
  await getDb().update(tickets).set({ whatsappId }).where(eq(tickets.id, ticketId));
  return { ticketId, whatsappId, number };
}

const rowsOf = (ids: number[]) => getDb().select().from(messages).where(inArray(messages.id, ids));

describe("queueOutbound", () => {
  it("writes a pending row with a WhatsApp-like wid, moves the ticket and notifies the worker", async () => {
    const { ticketId } = await freshTicket();
    const notified: string[] = [];
    const listener = dbKind() === "postgres" ? postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} }) : null;
    if (listener) await listener.listen("outbox", (payload) => void notified.push(payload));
    const [m] = await queueOutbound(getDb(), admin, ticketId, { body: "Olá, como posso ajudar?" });
    expect(m).toMatchObject({ ticketId, fromMe: true, read: true, ack: 0, sendStatus: "pending", body: "Olá, como posso ajudar?", contact: null });
    expect(m.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.lastMessage).toBe("Olá, como posso ajudar?");
    if (listener) {
      for (let i = 0; i < 50 && !notified.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(notified).toEqual([String(t.whatsappId)]);
      await listener.end({ timeout: 1 });
    }
    const created = published.findLast((e) => e.event === "appMessage")!;
    expect(created.channels[0]).toBe(channels.ticket(t.companyId, ticketId));
    expect(created.data).toMatchObject({ action: "create", notify: false, message: { id: m.id, sendStatus: "pending" } });
    for (const e of published) expect(Buffer.byteLength(JSON.stringify(e.data))).toBeLessThan(MAX_PAYLOAD_BYTES);
  });

  it("refuses closed tickets, tickets without a connection, others' queues and other companies", async () => {
    const closed = await freshTicket();
    await getDb().update(tickets).set({ status: "closed" }).where(eq(tickets.id, closed.ticketId));
    await expect(queueOutbound(getDb(), admin, closed.ticketId, { body: "x" })).rejects.toMatchObject({ code: "ERR_TICKET_CLOSED" });
    const orphan = await freshTicket();
    await getDb().update(tickets).set({ whatsappId: null }).where(eq(tickets.id, orphan.ticketId));
    await expect(queueOutbound(getDb(), admin, orphan.ticketId, { body: "x" })).rejects.toMatchObject({ code: "ERR_TICKET_NO_WHATSAPP" });
    const otherQueue = await freshTicket({ queueId: t.queueIds[1] });
    await expect(queueOutbound(getDb(), agent, otherQueue.ticketId, { body: "x" })).rejects.toMatchObject({ code: "ERR_NO_PERMISSION" });
    const b = await createTenant({ chatbot: false });
    const outsider: TenantContext = { ...admin, companyId: b.companyId, userId: b.admin.id };
    await expect(queueOutbound(getDb(), outsider, otherQueue.ticketId, { body: "x" })).rejects.toMatchObject({ code: "ERR_NO_TICKET_FOUND" });
    await expect(queueOutbound(getDb(), admin, otherQueue.ticketId, { body: "   " })).rejects.toMatchObject({ code: "ERR_VALIDATION" });
    const written = await getDb().select().from(messages).where(and(eq(messages.fromMe, true), inArray(messages.ticketId, [closed.ticketId, orphan.ticketId, otherQueue.ticketId])));
    expect(written).toHaveLength(0);
  });

  it("puts the text under the first captionable file, or before audio", async () => {
    const { ticketId } = await freshTicket();
    const img = { path: `${t.companyId}/2025-01/a-foto.jpg`, mimetype: "image/jpeg", filename: "foto.jpg", type: "image" as const };
    const pdf = { path: `${t.companyId}/2025-01/b-nota.pdf`, mimetype: "application/pdf", filename: "nota.pdf", type: "document" as const };
    const mp3 = { path: `${t.companyId}/2025-01/c-voz.mp3`, mimetype: "audio/mpeg", filename: "voz.mp3", type: "audio" as const };
    const two = await queueOutbound(getDb(), admin, ticketId, { body: "segue", medias: [img, pdf] });
    expect(two.map((m) => [m.mediaType, m.body])).toEqual([["image", "segue"], ["application", ""]]);
    expect(two[0].mediaUrl).toBe(`/api/media/${img.path}`);
    const voice = await queueOutbound(getDb(), admin, ticketId, { body: "ouça", medias: [mp3] });
    expect(voice.map((m) => [m.mediaType, m.body])).toEqual([[null, "ouça"], ["audio", ""]]);
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.lastMessage).toBe("🎵");
  });
});

describe("claimOutbox", () => {
  it("hands the worker what OutboundMessage needs", async () => {
    const { ticketId, whatsappId, number } = await isolatedConnectionTicket();
    const [inbound] = await getDb().select().from(messages).where(eq(messages.ticketId, ticketId));
    const pdf = { path: `${t.companyId}/2025-01/0f0f0f0f-0000-4000-8000-000000000000-nota.pdf`, mimetype: "application/pdf", filename: "nota.pdf", type: "document" as const };
    const [text] = await queueOutbound(getDb(), admin, ticketId, { body: "resposta", quotedMsgId: inbound.id });
    const [file] = await queueOutbound(getDb(), admin, ticketId, { body: "", medias: [pdf] });
    const claimed = await claimOutbox(getDb(), whatsappId);
    expect(claimed.map((c) => c.id)).toEqual([text.id, file.id]);
    expect(claimed[0]).toEqual({
      id: text.id,
      companyId: t.companyId,
      ticketId,
      whatsappId,
      message: { wid: text.wid, to: number, isGroup: false, body: "resposta", quoted: { wid: inbound.wid, fromMe: false, body: "oi", participant: null } },
    });
    expect(claimed[1].message.media).toEqual({ path: pdf.path, mimetype: "application/pdf", filename: "nota.pdf", type: "document" });
    const rows = await rowsOf([text.id, file.id]);
    expect(rows.map((r) => [r.sendStatus, r.sendAttempts])).toEqual([["sending", 1], ["sending", 1]]);
    // claimed rows are not claimed again while fresh
    expect(await claimOutbox(getDb(), whatsappId)).toEqual([]);
  });

  it("never gives the same row to two concurrent claimers", async () => {
    const { ticketId, whatsappId } = await isolatedConnectionTicket();
    for (let i = 0; i < 40; i++) await queueOutbound(getDb(), admin, ticketId, { body: `m${i}` });
    const rounds = await Promise.all([claimOutbox(getDb(), whatsappId, 15), claimOutbox(getDb(), whatsappId, 15), claimOutbox(getDb(), whatsappId, 15), claimOutbox(getDb(), whatsappId, 15)]);
    const ids = rounds.flat().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(40);
    const rows = await getDb().select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    expect(rows.every((r) => r.sendStatus === "sending" && r.sendAttempts === 1)).toBe(true);
  });

  it("claims again a row left `sending` by a crashed worker, and fails it when out of attempts", async () => {
    const { ticketId, whatsappId } = await isolatedConnectionTicket();
    const [m] = await queueOutbound(getDb(), admin, ticketId, { body: "perdida" });
    await claimOutbox(getDb(), whatsappId);
    const age = (s: number) => getDb().execute(sql`update messages set updated_at = now() - make_interval(secs => ${s}) where id = ${m.id}`);
    await age(30);
    expect(await claimOutbox(getDb(), whatsappId)).toEqual([]);
    await age(61);
    const again = await claimOutbox(getDb(), whatsappId);
    expect(again.map((c) => c.id)).toEqual([m.id]);
    expect((await rowsOf([m.id]))[0].sendAttempts).toBe(2);
    await getDb().update(messages).set({ sendAttempts: MAX_SEND_ATTEMPTS }).where(eq(messages.id, m.id));
    await age(61);
    published.length = 0;
    expect(await claimOutbox(getDb(), whatsappId)).toEqual([]);
    expect((await rowsOf([m.id]))[0]).toMatchObject({ sendStatus: "failed", sendError: "ERR_SENDING_WAPP_MSG" });
    expect(published[0]).toMatchObject({ channels: [channels.ticket(t.companyId, ticketId)], data: { action: "update", message: { id: m.id, sendStatus: "failed" } } });
  });
});

describe("markSent / markFailed", () => {
  it("marks a row sent with the first tick", async () => {
    const { ticketId, whatsappId } = await isolatedConnectionTicket();
    const [m] = await queueOutbound(getDb(), admin, ticketId, { body: "ok" });
    await claimOutbox(getDb(), whatsappId);
    published.length = 0;
    expect(await markSent(getDb(), { id: m.id, companyId: t.companyId })).toMatchObject({ sendStatus: "sent", ack: 1 });
    expect(await markSent(getDb(), { id: m.id, companyId: t.companyId + 1000 })).toBeNull();
    expect(published).toHaveLength(1);
    expect(published[0].data).toMatchObject({ action: "update", message: { id: m.id, sendStatus: "sent", ack: 1 } });
  });

  it("retries a transient failure until attempts run out, and fails a permanent one at once", async () => {
    const { ticketId, whatsappId } = await isolatedConnectionTicket();
    const [m] = await queueOutbound(getDb(), admin, ticketId, { body: "tenta" });
    for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt++) {
      expect((await claimOutbox(getDb(), whatsappId)).map((c) => c.id)).toEqual([m.id]);
      expect(await markFailed(getDb(), { id: m.id, companyId: t.companyId, error: "Timed Out", retry: true })).toMatchObject({ sendStatus: "pending" });
    }
    await claimOutbox(getDb(), whatsappId);
    published.length = 0;
    const last = await markFailed(getDb(), { id: m.id, companyId: t.companyId, error: "Timed Out", retry: true });
    expect(last).toMatchObject({ sendStatus: "failed", sendError: "Timed Out" });
    expect((await rowsOf([m.id]))[0].sendAttempts).toBe(MAX_SEND_ATTEMPTS);
    expect(published[0].data).toMatchObject({ message: { id: m.id, sendStatus: "failed", sendError: "Timed Out" } });
    expect(await claimOutbox(getDb(), whatsappId)).toEqual([]);

    // "not connected": nothing left, so the try is given back however often the socket drops
    const [d] = await queueOutbound(getDb(), admin, ticketId, { body: "sem conexão" });
    for (let drop = 0; drop < MAX_SEND_ATTEMPTS + 2; drop++) {
      expect((await claimOutbox(getDb(), whatsappId)).map((c) => c.id)).toEqual([d.id]);
      expect(await markFailed(getDb(), { id: d.id, companyId: t.companyId, error: "ERR_WAPP_NOT_INITIALIZED", retry: true })).toMatchObject({ sendStatus: "pending" });
    }
    expect((await rowsOf([d.id]))[0]).toMatchObject({ sendStatus: "pending", sendAttempts: 0, sendError: null });
    await claimOutbox(getDb(), whatsappId);
    await markSent(getDb(), { id: d.id, companyId: t.companyId });

    const [n] = await queueOutbound(getDb(), admin, ticketId, { body: "número inválido" });
    await claimOutbox(getDb(), whatsappId);
    expect(await markFailed(getDb(), { id: n.id, companyId: t.companyId, error: "ERR_WAPP_INVALID_CONTACT", retry: false })).toMatchObject({ sendStatus: "failed" });
    // a settled row is left alone
    expect(await markFailed(getDb(), { id: n.id, companyId: t.companyId, error: "again", retry: true })).toBeNull();
  });
});
