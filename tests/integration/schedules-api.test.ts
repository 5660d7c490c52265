import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as searchContacts } from "@/app/api/schedules/contacts/route";
import { DELETE as deleteMedia, POST as uploadMedia } from "@/app/api/schedules/[id]/media-upload/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/schedules/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/schedules/route";
import { getDb } from "@/db";
import { contacts, schedules } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, suffix, type Tenant } from "../helpers/factories";
import { BASE_URL, call, type Json } from "../helpers/http";

// POST/GET/PUT/DELETE /api/schedules and the media upload (spec core §5, §7)
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let contactA: number;
let contactB: number;
let storageDir: string;
const published: RealtimeEvent[] = [];

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

async function contactOf(t: Tenant, name: string) {
  const [c] = await getDb()
    .insert(contacts)
    .values({ companyId: t.companyId, name, number: `55119${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 1000)}` })
    .returning({ id: contacts.id });
  return c.id;
}

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "schedules-api-"));
  process.env.STORAGE_DIR = storageDir;
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  contactA = await contactOf(a, `Maria Agenda ${suffix()}`);
  contactB = await contactOf(b, `Bruno Outra ${suffix()}`);
});
afterAll(async () => {
  setRealtimeSink(null);
  await fs.rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => {
  published.length = 0;
});

const create = (token: string, body: unknown) => call(postRoute, { method: "POST", url: "/api/schedules", token, body });
const update = (token: string, id: number, body: unknown) => call(putRoute, { method: "PUT", url: `/api/schedules/${id}`, token, params: { id }, body });
const show = (token: string, id: number) => call(getRoute, { url: `/api/schedules/${id}`, token, params: { id } });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/schedules/${id}`, token, params: { id } });
const list = (token: string, qs: string) => call(listRoute, { url: `/api/schedules?${qs}`, token });

async function upload(token: string, id: number, file: Blob | null, name = "foto.png") {
  const form = new FormData();
  if (file) form.append("file", file, name);
  const req = new NextRequest(new URL(`/api/schedules/${id}/media-upload`, BASE_URL), { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
  const res = await uploadMedia(req, { params: Promise.resolve({ id: String(id) }) });
  return { status: res.status, body: (await res.json()) as Json };
}

async function newSchedule(token = adminA, extra: Record<string, unknown> = {}) {
  const res = await create(token, { body: "Lembrete da consulta amanhã", contactId: contactA, sendAt: inMinutes(60), ...extra });
  expect(res.status).toBe(200);
  return res.body;
}

const markSent = (id: number) => getDb().update(schedules).set({ status: "ENVIADA", sentAt: new Date() }).where(eq(schedules.id, id));

describe("POST /api/schedules", () => {
  it("creates a PENDENTE schedule of the caller, with its contact, and publishes it", async () => {
    const sendAt = inMinutes(90);
    const res = await create(agentA, { body: "  Olá, sua entrega chega hoje  ", contactId: contactA, sendAt });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      body: "Olá, sua entrega chega hoje",
      contactId: contactA,
      contact: { id: contactA },
      status: "PENDENTE",
      sentAt: null,
      userId: a.agent.id,
      user: { id: a.agent.id, name: a.agent.name },
      mediaPath: null,
    });
    expect(new Date(res.body.sendAt).toISOString()).toBe(sendAt);
    expect(published).toContainEqual({
      channels: [channels.company(a.companyId)],
      event: EVENTS.schedule,
      data: { action: "create", schedule: expect.objectContaining({ id: res.body.id }) },
    });
  });

  it("answers the spec's validation keys: bodyTooShort, contactId and sendAt required", async () => {
    const empty = await create(adminA, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("ERR_VALIDATION");
    expect(empty.body.issues).toEqual(
      expect.arrayContaining([
        { path: "body", message: "bodyTooShort" },
        { path: "contactId", message: "required" },
        { path: "sendAt", message: "required" },
      ]),
    );
    const short = await create(adminA, { body: "oi  ", contactId: contactA, sendAt: inMinutes(5) });
    expect(short.body.issues).toEqual([{ path: "body", message: "bodyTooShort" }]);
    const blank = await create(adminA, { body: "Mensagem ok", contactId: "", sendAt: "" });
    expect(blank.body.issues).toEqual(
      expect.arrayContaining([
        { path: "contactId", message: "required" },
        { path: "sendAt", message: "required" },
      ]),
    );
  });

  it("refuses a send time in the past", async () => {
    const res = await create(adminA, { body: "Mensagem atrasada", contactId: contactA, sendAt: inMinutes(-1) });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: "sendAt", message: "sendAtFuture" }]);
  });

  it("never takes the author or the status from the body", async () => {
    const res = await create(agentA, { body: "Mensagem do agente", contactId: contactA, sendAt: inMinutes(30), userId: a.admin.id, status: "ENVIADA" });
    expect(res.body).toMatchObject({ userId: a.agent.id, status: "PENDENTE", sentAt: null });
  });

  it("answers 404 for another company's contact and writes nothing", async () => {
    const before = await getDb().select().from(schedules).where(eq(schedules.contactId, contactB));
    const res = await create(adminA, { body: "Mensagem para B", contactId: contactB, sendAt: inMinutes(30) });
    expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await getDb().select().from(schedules).where(eq(schedules.contactId, contactB))).toEqual(before);
  });

  it("answers 404 for another company's id in the body", async () => {
    const res = await create(adminA, { body: "Mensagem qualquer", contactId: contactA, sendAt: inMinutes(30), companyId: b.companyId });
    expect(res.status).toBe(404);
  });

  it("is refused when the plan has no schedules", async () => {
    const c = await createTenant({ plan: { useSchedules: false } });
    const { token } = await loginAs(c.admin);
    expect((await create(token, { body: "Mensagem qualquer", contactId: contactA, sendAt: inMinutes(30) })).body).toEqual({ error: "ERR_PLAN_FEATURE_DISABLED" });
    expect((await list(token, "")).status).toBe(403);
  });
});

describe("GET /api/schedules", () => {
  it("answers a calendar range of the company's schedules in time order", async () => {
    const base = Date.now() + 3 * 86_400_000;
    const at = (h: number) => new Date(base + h * 3_600_000).toISOString();
    const first = (await create(adminA, { body: "Primeiro do dia", contactId: contactA, sendAt: at(1) })).body;
    const second = (await create(adminA, { body: "Segundo do dia", contactId: contactA, sendAt: at(2) })).body;
    const outside = (await create(adminA, { body: "Fora do intervalo", contactId: contactA, sendAt: at(30) })).body;
    await create(adminB, { body: "De outra empresa", contactId: contactB, sendAt: at(1) });
    const res = await list(agentA, `start=${encodeURIComponent(at(0))}&end=${encodeURIComponent(at(24))}`);
    expect(res.status).toBe(200);
    expect(res.body.schedules.map((s: Json) => s.id)).toEqual([first.id, second.id]);
    expect(res.body).toMatchObject({ count: 2, hasMore: false });
    expect(res.body.schedules.map((s: Json) => s.id)).not.toContain(outside.id);
  });

  it("pages without a range, searching body and contact name, never another company's", async () => {
    const tag = suffix();
    await create(adminA, { body: `Busca ${tag} um`, contactId: contactA, sendAt: inMinutes(10) });
    await create(adminB, { body: `Busca ${tag} dois`, contactId: contactB, sendAt: inMinutes(10) });
    const res = await list(adminA, `searchParam=${tag.toUpperCase()}&pageNumber=1`);
    expect(res.body.schedules.map((s: Json) => s.body)).toEqual([`Busca ${tag} um`]);
    expect(res.body).toMatchObject({ count: 1, hasMore: false });
    expect((await list(adminA, `companyId=${b.companyId}`)).status).toBe(404);
  });
});

describe("GET, PUT, DELETE /api/schedules/{id}", () => {
  it("reads and edits a schedule; an ERRO one is scheduled again", async () => {
    const s = await newSchedule();
    expect((await show(agentA, s.id)).body).toMatchObject({ id: s.id, body: s.body });
    await getDb().update(schedules).set({ status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND" }).where(eq(schedules.id, s.id));
    const sendAt = inMinutes(120);
    const res = await update(agentA, s.id, { body: "Texto novo do lembrete", contactId: contactA, sendAt, userId: a.agent.id });
    expect(res.status).toBe(200);
    // the author stays who created it
    expect(res.body).toMatchObject({ body: "Texto novo do lembrete", status: "PENDENTE", error: null, userId: a.admin.id });
    expect(new Date(res.body.sendAt).toISOString()).toBe(sendAt);
    expect(published.at(-1)).toMatchObject({ event: EVENTS.schedule, data: { action: "update", schedule: { id: s.id, status: "PENDENTE" } } });
  });

  it("validates an edit as a creation", async () => {
    const s = await newSchedule();
    const res = await update(adminA, s.id, { body: "abc", contactId: contactA, sendAt: inMinutes(-5) });
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        { path: "body", message: "bodyTooShort" },
        { path: "sendAt", message: "sendAtFuture" },
      ]),
    );
    expect((await update(adminA, s.id, { body: "Para o contato de B", contactId: contactB, sendAt: inMinutes(5) })).status).toBe(404);
  });

  it("refuses to edit a schedule already sent (409 ERR_SCHEDULE_ALREADY_SENT)", async () => {
    const s = await newSchedule();
    await markSent(s.id);
    const res = await update(adminA, s.id, { body: "Tarde demais agora", contactId: contactA, sendAt: inMinutes(10) });
    expect(res).toMatchObject({ status: 409, body: { error: "ERR_SCHEDULE_ALREADY_SENT" } });
    const [row] = await getDb().select().from(schedules).where(eq(schedules.id, s.id));
    expect(row).toMatchObject({ body: s.body, status: "ENVIADA" });
    expect((await upload(adminA, s.id, new Blob([PNG], { type: "image/png" }))).body).toEqual({ error: "ERR_SCHEDULE_ALREADY_SENT" });
  });

  it("deletes a schedule and publishes the delete", async () => {
    const s = await newSchedule();
    expect((await remove(agentA, s.id)).status).toBe(200);
    expect((await show(adminA, s.id)).body).toEqual({ error: "ERR_NO_SCHEDULE_FOUND" });
    expect(published).toContainEqual({
      channels: [channels.company(a.companyId)],
      event: EVENTS.schedule,
      data: { action: "delete", scheduleId: s.id },
    });
    expect((await remove(agentA, s.id)).status).toBe(404);
  });

  it("answers 404 to another company for every call on a schedule, and changes nothing", async () => {
    const s = await newSchedule();
    expect((await show(adminB, s.id)).body).toEqual({ error: "ERR_NO_SCHEDULE_FOUND" });
    expect((await update(adminB, s.id, { body: "Tomado por B", contactId: contactB, sendAt: inMinutes(5) })).status).toBe(404);
    expect((await remove(adminB, s.id)).status).toBe(404);
    expect((await upload(adminB, s.id, new Blob([PNG], { type: "image/png" }))).status).toBe(404);
    const req = new NextRequest(new URL(`/api/schedules/${s.id}/media-upload`, BASE_URL), { method: "DELETE", headers: { authorization: `Bearer ${adminB}` } });
    expect((await deleteMedia(req, { params: Promise.resolve({ id: String(s.id) }) })).status).toBe(404);
    const [row] = await getDb().select().from(schedules).where(eq(schedules.id, s.id));
    expect(row).toMatchObject({ body: s.body, contactId: contactA, companyId: a.companyId, mediaPath: null });
  });
});

describe("POST/DELETE /api/schedules/{id}/media-upload", () => {
  it("stores a png and removes it", async () => {
    const s = await newSchedule();
    const res = await upload(agentA, s.id, new Blob([PNG], { type: "image/png" }), "foto da loja.png");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: s.id, mediaName: "foto_da_loja.png" });
    expect(res.body.mediaPath).toMatch(new RegExp(`^${a.companyId}/`));
    expect(res.body.mediaUrl).toBe(`/api/media/${res.body.mediaPath.split("/").map(encodeURIComponent).join("/")}`);
    expect(await fs.readFile(path.join(storageDir, res.body.mediaPath))).toEqual(PNG);
    const req = new NextRequest(new URL(`/api/schedules/${s.id}/media-upload`, BASE_URL), { method: "DELETE", headers: { authorization: `Bearer ${agentA}` } });
    const del = await deleteMedia(req, { params: Promise.resolve({ id: String(s.id) }) });
    expect(del.status).toBe(200);
    expect(await del.json()).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
  });

  it("refuses anything but a png or jpeg image", async () => {
    const s = await newSchedule();
    const refused = [
      [new Blob(["GIF89a..."], { type: "image/gif" }), "anim.gif"],
      [new Blob(["%PDF-1.4"], { type: "application/pdf" }), "doc.pdf"],
      // a document renamed to .png: refused by its content
      [new Blob(["not really an image"], { type: "image/png" }), "fake.png"],
      // a real png sent with a name of another type
      [new Blob([PNG], { type: "image/png" }), "foto.webp"],
    ] as const;
    for (const [blob, name] of refused) {
      expect(await upload(adminA, s.id, blob, name)).toMatchObject({ status: 400, body: { error: "ERR_SCHEDULE_MEDIA_TYPE" } });
    }
    expect((await upload(adminA, s.id, null)).status).toBe(400);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46]);
    expect((await upload(adminA, s.id, new Blob([jpeg], { type: "image/jpeg" }), "foto.JPG")).body).toMatchObject({ mediaName: "foto.JPG" });
  });
});

describe("GET /api/schedules/contacts", () => {
  it("searches the company's contacts from 3 characters, by name or number", async () => {
    const tag = suffix();
    const [own] = await getDb().insert(contacts).values({ companyId: a.companyId, name: `Zélia ${tag}`, number: "5511955501234" }).returning();
    await getDb().insert(contacts).values({ companyId: b.companyId, name: `Zélia ${tag}`, number: "5511955501235" });
    const search = (q: string) => call(searchContacts, { url: `/api/schedules/contacts?searchParam=${encodeURIComponent(q)}`, token: agentA });
    expect((await search(tag.slice(0, 2))).body).toEqual({ contacts: [] });
    expect((await search(tag.toUpperCase())).body).toEqual({ contacts: [{ id: own.id, name: own.name, number: own.number, profilePicUrl: "" }] });
    expect((await search("55501234")).body.contacts.map((c: Json) => c.id)).toEqual([own.id]);
  });
});
