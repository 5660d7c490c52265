import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies, contacts, messages, tickets, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, type Tenant } from "../helpers/factories";
import { mediaForm, newNumber, sendApi, tokenFor } from "./external-api-helpers";

// POST /api/messages/send (issue 14 §1): where the message is recorded, media, validation, auth
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;
let storageDir: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "external-api-"));
  process.env.STORAGE_DIR = storageDir;
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant({ chatbot: false, plan: { useExternalApi: true } }), createTenant({ chatbot: false, plan: { useExternalApi: true } })]);
  [tokenA, tokenB] = await Promise.all([tokenFor(a.whatsappId), tokenFor(b.whatsappId)]);
});
afterAll(async () => {
  setRealtimeSink(null);
  await fs.rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => {
  published.length = 0;
});

const inbound = (t: Tenant, number: string, body = "oi") =>
  ingestInbound(getDb(), {
    companyId: t.companyId,
    whatsappId: t.whatsappId,
    message: { wid: randomBytes(8).toString("hex"), chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body, mediaType: null, timestamp: new Date() },
  });
const rowsOf = (ticketId: number) => getDb().select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id);
const ticketOf = async (id: number) => (await getDb().select().from(tickets).where(eq(tickets.id, id)))[0];

describe("recording", () => {
  it("a contact with an open ticket: the message goes in that ticket, status unchanged, one outbox row, agents see it live", async () => {
    const number = newNumber();
    const { ticketId } = await inbound(a, number);
    await getDb().update(tickets).set({ status: "open", userId: a.agent.id }).where(eq(tickets.id, ticketId));
    published.length = 0;
    const res = await sendApi({ token: tokenA, json: { number, body: "Seu pedido saiu" } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mensagem: "Mensagem enviada", ticketId, messageIds: [expect.any(Number)], status: "queued" });
    const t = await ticketOf(ticketId);
    expect(t).toMatchObject({ status: "open", userId: a.agent.id, lastMessage: "Seu pedido saiu" });
    const out = (await rowsOf(ticketId)).filter((m) => m.fromMe);
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ id: res.body.messageIds[0], body: "Seu pedido saiu", sendStatus: "pending", whatsappId: a.whatsappId });
    expect(out[0].wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    const live = published.find((e) => e.event === EVENTS.appMessage && e.channels.includes(channels.ticket(a.companyId, ticketId)));
    expect(live?.data).toMatchObject({ action: "create", ticketId, message: { id: out[0].id, body: "Seu pedido saiu", fromMe: true } });
    const listed = published.find((e) => e.event === EVENTS.ticket && e.channels.includes(channels.allTickets(a.companyId, "open")));
    expect(listed?.data).toMatchObject({ ticket: { id: ticketId, status: "open", lastMessage: "Seu pedido saiu" } });
    // the worker's scan takes the row with its fixed wid, to the contact's number
    const claimed = await claimOutbox(getDb(), a.whatsappId);
    expect(claimed.find((c) => c.id === out[0].id)?.message).toMatchObject({ wid: out[0].wid, to: number, body: "Seu pedido saiu" });
  });

  it("a pending ticket stays pending", async () => {
    const number = newNumber();
    const { ticketId } = await inbound(a, number);
    const res = await sendApi({ token: tokenA, json: { number, body: "Olá" } });
    expect(res.body.ticketId).toBe(ticketId);
    expect((await ticketOf(ticketId)).status).toBe("pending");
  });

  it("a new number: contact created, ticket closed at once with the history; the customer's answer opens a new ticket", async () => {
    const number = newNumber();
    const res = await sendApi({ token: tokenA, json: { number, body: "Primeira mensagem" } });
    expect(res.status).toBe(200);
    const [contact] = await getDb().select().from(contacts).where(and(eq(contacts.companyId, a.companyId), eq(contacts.number, number)));
    expect(contact).toBeDefined();
    const closed = await ticketOf(res.body.ticketId);
    expect(closed).toMatchObject({ status: "closed", contactId: contact.id, whatsappId: a.whatsappId, companyId: a.companyId });
    expect((await rowsOf(closed.id)).map((m) => m.body)).toEqual(["Primeira mensagem"]);
    const answer = await inbound(a, number, "Recebi");
    expect(answer.ticketId).not.toBe(closed.id);
    expect((await ticketOf(answer.ticketId)).status).toBe("pending");
    expect((await rowsOf(closed.id)).map((m) => m.body)).toEqual(["Primeira mensagem"]);
    // a second send reuses the contact (one per number)
    await sendApi({ token: tokenA, json: { number, body: "De novo" } });
    expect(await getDb().$count(contacts, and(eq(contacts.companyId, a.companyId), eq(contacts.number, number)))).toBe(1);
  });

  it("answers sent when the connection is CONNECTED", async () => {
    await getDb().update(whatsapps).set({ status: "CONNECTED" }).where(eq(whatsapps.id, a.whatsappId));
    try {
      const res = await sendApi({ token: tokenA, json: { number: newNumber(), body: "x" } });
      expect(res.body.status).toBe("sent");
    } finally {
      await getDb().update(whatsapps).set({ status: "DISCONNECTED" }).where(eq(whatsapps.id, a.whatsappId));
    }
  });
});

describe("media (multipart)", () => {
  it("one image with a caption: one row carrying the caption", async () => {
    const res = await sendApi({ token: tokenA, form: mediaForm(newNumber(), "Veja", [{ name: "foto.png", type: "image/png" }]) });
    expect(res.status).toBe(200);
    const rows = await rowsOf(res.body.ticketId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ body: "Veja", mediaType: "image", sendStatus: "pending" });
    expect(rows[0].mediaUrl).toMatch(new RegExp(`^${a.companyId}/`));
  });

  it("two files, no caption: one row each, ids in order", async () => {
    const form = mediaForm(newNumber(), null, [
      { name: "a.pdf", type: "application/pdf" },
      { name: "b.jpg", type: "image/jpeg" },
    ]);
    const res = await sendApi({ token: tokenA, form });
    expect(res.status).toBe(200);
    expect(res.body.messageIds).toHaveLength(2);
    const rows = await rowsOf(res.body.ticketId);
    expect(rows.map((r) => [r.id, r.mediaType])).toEqual([
      [res.body.messageIds[0], "application"],
      [res.body.messageIds[1], "image"],
    ]);
  });

  it("a form without files is a text message, and needs its body", async () => {
    const ok = await sendApi({ token: tokenA, form: mediaForm(newNumber(), "só texto", []) });
    expect(ok.status).toBe(200);
    const bad = await sendApi({ token: tokenA, form: mediaForm(newNumber(), null, []) });
    expect(bad).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "body" }] } });
  });
});

describe("validation", () => {
  it.each(["+55 (11) 99999-8888", "123", "55119999988881234567", "abc5511999998888", ""])("a bad number %j: 400 numberDigits, nothing recorded", async (number) => {
    const before = await getDb().$count(messages, eq(messages.companyId, a.companyId));
    const res = await sendApi({ token: tokenA, json: { number, body: "x" } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: "ERR_VALIDATION", issues: [{ path: "number", message: "numberDigits" }] });
    expect(await getDb().$count(messages, eq(messages.companyId, a.companyId))).toBe(before);
  });

  it("a missing or empty body: 400 required", async () => {
    for (const json of [{ number: newNumber() }, { number: newNumber(), body: "  " }]) {
      const res = await sendApi({ token: tokenA, json });
      expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "body", message: "required" }] } });
    }
  });

  it("a bad Idempotency-Key: 400", async () => {
    const res = await sendApi({ token: tokenA, key: "x".repeat(300), json: { number: newNumber(), body: "x" } });
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "Idempotency-Key" }] } });
  });
});

describe("who may send", () => {
  it("no token or an unknown one: 401 ERR_INVALID_TOKEN", async () => {
    expect(await sendApi({ json: { number: newNumber(), body: "x" } })).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
    expect(await sendApi({ token: "nope-" + randomBytes(8).toString("hex"), json: { number: newNumber(), body: "x" } })).toMatchObject({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
  });

  it("a rotated token stops working at once", async () => {
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    const old = await tokenFor(t.whatsappId);
    await tokenFor(t.whatsappId);
    expect((await sendApi({ token: old, json: { number: newNumber(), body: "x" } })).status).toBe(401);
  });

  it("a plan without useExternalApi: 403 ERR_PLAN_FEATURE_DISABLED, nothing recorded", async () => {
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: false } });
    const res = await sendApi({ token: await tokenFor(t.whatsappId), json: { number: newNumber(), body: "x" } });
    expect(res).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await getDb().$count(messages, eq(messages.companyId, t.companyId))).toBe(0);
  });

  it("a suspended company: 403 ERR_COMPANY_INACTIVE", async () => {
    const t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    const token = await tokenFor(t.whatsappId);
    await getDb().update(companies).set({ status: false }).where(eq(companies.id, t.companyId));
    expect(await sendApi({ token, json: { number: newNumber(), body: "x" } })).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
  });

  it("another company's data is never reached: B's token records on B's contact and ticket, never A's", async () => {
    const number = newNumber();
    const { ticketId: ticketA } = await inbound(a, number);
    published.length = 0;
    // naming A's company answers 404, as on every route
    expect(await sendApi({ token: tokenB, json: { number, body: "de B", companyId: a.companyId } })).toMatchObject({ status: 404 });
    const form = mediaForm(number, "de B", [{ name: "a.png", type: "image/png" }]);
    form.append("companyId", String(a.companyId));
    expect(await sendApi({ token: tokenB, form })).toMatchObject({ status: 404 });
    const res = await sendApi({ token: tokenB, json: { number, body: "de B" } });
    expect(res.status).toBe(200);
    expect(res.body.ticketId).not.toBe(ticketA);
    expect(await ticketOf(res.body.ticketId)).toMatchObject({ companyId: b.companyId, whatsappId: b.whatsappId });
    expect((await rowsOf(ticketA)).every((m) => !m.fromMe)).toBe(true);
    const [cb] = await getDb().select().from(contacts).where(and(eq(contacts.companyId, b.companyId), eq(contacts.number, number)));
    expect(cb).toBeDefined();
    const channelsSeen = published.flatMap((e) => e.channels);
    expect(channelsSeen.length).toBeGreaterThan(0);
    expect(channelsSeen.filter((c) => !c.startsWith(`private-company-${b.companyId}-`))).toEqual([]);
  });
});
