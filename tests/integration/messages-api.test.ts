import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getMessages, POST as postMessage } from "@/app/api/messages/[id]/route";
import { getDb } from "@/db";
import { messages, tickets } from "@/db/schema";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { channels } from "@/lib/realtime/channels";
import { MAX_PAYLOAD_BYTES, setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL, call, type Json } from "../helpers/http";

// GET/POST /api/messages/{ticketId}: pages going back, and the outbox row written by a send
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let storageDir: string;
let seq = 0;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "messages-api-"));
  process.env.STORAGE_DIR = storageDir;
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(async () => {
  setRealtimeSink(null);
  await fs.rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => {
  published.length = 0;
});

function inbound(number: string, extra: Partial<InboundMessage> = {}): InboundMessage {
  return { wid: randomBytes(8).toString("hex"), chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date(), ...extra };
}

/** A conversation of `n` inbound messages, one second apart, on a new contact of `t`. */
async function conversation(t: Tenant, n: number) {
  const number = `5541${String(900000000 + ++seq)}`;
  const start = Date.now() - n * 1000;
  let ticketId = 0;
  for (let i = 0; i < n; i++) {
    const res = await ingestInbound(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, message: inbound(number, { body: `m${i}`, timestamp: new Date(start + i * 1000) }) });
    ticketId = res.ticketId;
  }
  return ticketId;
}

// agents write in their own open tickets only (lib/tickets/ticket-rules.ts)
const takenByAgent = (ticketId: number) => getDb().update(tickets).set({ status: "open", userId: a.agent.id }).where(eq(tickets.id, ticketId));

const page = (token: string, ticketId: number, pageNumber = 1) =>
  call(getMessages, { url: `/api/messages/${ticketId}?pageNumber=${pageNumber}`, token, params: { id: ticketId } });
const send = (token: string, ticketId: number, body: unknown) =>
  call(postMessage, { method: "POST", url: `/api/messages/${ticketId}`, token, params: { id: ticketId }, body });

async function sendForm(token: string, ticketId: number, form: FormData) {
  const req = new NextRequest(new URL(`/api/messages/${ticketId}`, BASE_URL), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const res = await postMessage(req, { params: Promise.resolve({ id: String(ticketId) }) });
  return { status: res.status, body: (await res.json()) as Json };
}

describe("GET /api/messages/{ticketId}", () => {
  it("pages 20 at a time going back, each page oldest first, with the ticket", async () => {
    const ticketId = await conversation(a, 45);
    const first = await page(adminA, ticketId);
    expect(first.status).toBe(200);
    expect(first.body.messages.map((m: { body: string }) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${25 + i}`));
    expect(first.body).toMatchObject({ count: 45, hasMore: true, ticket: { id: ticketId, contact: { name: "Cliente" } } });
    const third = await page(adminA, ticketId, 3);
    expect(third.body.messages.map((m: { body: string }) => m.body)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(third.body.hasMore).toBe(false);
    expect(first.body.messages[0]).toEqual({
      id: expect.any(Number),
      wid: expect.any(String),
      ticketId,
      body: "m25",
      fromMe: false,
      read: false,
      mediaType: null,
      mediaUrl: null,
      ack: 0,
      isDeleted: false,
      isEdited: false,
      createdAt: expect.any(String),
      sendStatus: null,
      sendError: null,
      quotedMsg: null,
      contact: { id: expect.any(Number), name: "Cliente" },
    });
  });

  it("shows quoted messages and media as authenticated URLs", async () => {
    const number = `5541${String(900000000 + ++seq)}`;
    const q = inbound(number, { body: "pergunta" });
    await ingestInbound(getDb(), { companyId: a.companyId, whatsappId: a.whatsappId, message: q });
    const key = `${a.companyId}/2025-01/0f0f0f0f-0000-4000-8000-000000000000-foto.jpg`;
    const res = await ingestInbound(getDb(), {
      companyId: a.companyId,
      whatsappId: a.whatsappId,
      message: inbound(number, { body: "", quotedWid: q.wid, mediaType: "image", media: { path: key, mimetype: "image/jpeg", filename: "foto.jpg" } }),
    });
    const { body } = await page(adminA, res.ticketId);
    expect(body.messages[1]).toMatchObject({ mediaType: "image", mediaUrl: `/api/media/${key}`, quotedMsg: { body: "pergunta", fromMe: false, mediaType: null } });
  });

  it("refuses another queue's ticket to an agent, and another company's to anyone", async () => {
    const ticketId = await conversation(a, 1);
    await getDb().update(tickets).set({ queueId: a.queueIds[1] }).where(eq(tickets.id, ticketId));
    expect(await page(agentA, ticketId)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await page(adminB, ticketId)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect((await page(adminA, ticketId)).status).toBe(200);
  });
});

describe("POST /api/messages/{ticketId}", () => {
  it("writes a pending outbox row with a generated wid, ignoring fromMe, read and mediaUrl from the client", async () => {
    const ticketId = await conversation(a, 1);
    await takenByAgent(ticketId);
    published.length = 0;
    const res = await send(agentA, ticketId, { body: "Bom dia!", fromMe: false, read: false, mediaUrl: "http://169.254.169.254/latest", ack: 3 });
    expect(res.status).toBe(200);
    expect(res.body.messages).toHaveLength(1);
    const m = res.body.messages[0];
    expect(m).toMatchObject({ ticketId, body: "Bom dia!", fromMe: true, read: true, mediaUrl: null, mediaType: null, ack: 0, sendStatus: "pending" });
    expect(m.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    const [row] = await getDb().select().from(messages).where(eq(messages.id, m.id));
    expect(row).toMatchObject({ fromMe: true, mediaUrl: null, sendStatus: "pending", whatsappId: a.whatsappId, companyId: a.companyId });
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.lastMessage).toBe("Bom dia!");
    const created = published.find((e) => e.event === "appMessage")!;
    expect(created.channels).toEqual([
      channels.ticket(a.companyId, ticketId),
      channels.tickets(a.companyId, null, "open"),
      channels.allTickets(a.companyId, "open"),
      channels.user(a.companyId, a.agent.id),
    ]);
    expect(published.some((e) => e.event === "ticket" && e.channels.includes(channels.ticket(a.companyId, ticketId)))).toBe(true);
    for (const e of published) expect(Buffer.byteLength(JSON.stringify(e.data))).toBeLessThan(MAX_PAYLOAD_BYTES);
  });

  it("quotes a message of the conversation, and refuses one of another company", async () => {
    const ticketId = await conversation(a, 2);
    const foreignTicket = await conversation(b, 1);
    const [own] = await getDb().select().from(messages).where(eq(messages.ticketId, ticketId)).limit(1);
    const [foreign] = await getDb().select().from(messages).where(eq(messages.ticketId, foreignTicket));
    const ok = await send(adminA, ticketId, { body: "respondendo", quotedMsg: { id: own.id, body: "ignored" } });
    expect(ok.body.messages[0].quotedMsg).toMatchObject({ id: own.id, body: own.body });
    expect(await send(adminA, ticketId, { body: "x", quotedMsg: { id: foreign.id } })).toMatchObject({ status: 404, body: { error: "ERR_NO_MESSAGE_FOUND" } });
  });

  it("stores uploaded files and writes one row per file, the text as the caption", async () => {
    const ticketId = await conversation(a, 1);
    await takenByAgent(ticketId);
    const form = new FormData();
    form.append("body", "segue a foto e o boleto");
    form.append("fromMe", "false");
    form.append("medias", new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "foto.jpg", { type: "image/jpeg" }));
    form.append("medias", new File([new TextEncoder().encode("%PDF-1.4 test")], "boleto.pdf", { type: "application/pdf" }));
    const res = await sendForm(agentA, ticketId, form);
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: Json) => [m.mediaType, m.body])).toEqual([["image", "segue a foto e o boleto"], ["application", ""]]);
    for (const m of res.body.messages) expect(m.mediaUrl).toMatch(new RegExp(`^/api/media/${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}-`));
    const rows = await getDb().select().from(messages).where(eq(messages.ticketId, ticketId));
    const pdf = rows.find((r) => r.mediaType === "application")!;
    expect(await fs.readFile(path.join(storageDir, pdf.mediaUrl!), "utf8")).toBe("%PDF-1.4 test");
    const claimed = await claimOutbox(getDb(), a.whatsappId);
    const sent = claimed.find((c) => c.id === pdf.id)!;
    expect(sent.message.media).toEqual({ path: pdf.mediaUrl, mimetype: "application/pdf", filename: "boleto.pdf", type: "document" });
  });

  it("requires a body when there is no file, and refuses closed tickets and other companies", async () => {
    const ticketId = await conversation(a, 1);
    expect(await send(adminA, ticketId, { body: "  " })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "body", message: "required" }] } });
    expect((await sendForm(adminA, ticketId, new FormData())).status).toBe(400);
    expect(await send(adminA, ticketId, { body: "x", companyId: b.companyId })).toMatchObject({ status: 404 });
    expect(await send(adminB, ticketId, { body: "invasão" })).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    await getDb().update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticketId));
    expect(await send(adminA, ticketId, { body: "tarde demais" })).toMatchObject({ status: 409, body: { error: "ERR_TICKET_CLOSED" } });
    const files = async () => (await fs.readdir(storageDir, { recursive: true })).length;
    const before = await files();
    const form = new FormData();
    form.append("medias", new File([new Uint8Array([1])], "x.jpg", { type: "image/jpeg" }));
    expect((await sendForm(adminA, ticketId, form)).status).toBe(409);
    // the ticket is checked before any file is written
    expect(await files()).toBe(before);
    const outbound = await getDb().select().from(messages).where(eq(messages.ticketId, ticketId));
    expect(outbound.filter((m) => m.fromMe)).toHaveLength(0);
    expect((await call(postMessage, { method: "POST", url: `/api/messages/${ticketId}`, params: { id: ticketId }, body: { body: "x" } })).status).toBe(401);
  });
});
