import { beforeAll, beforeEach, afterAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/announcements/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/announcements/route";
import { POST as authRoute } from "@/app/api/realtime/auth/route";
import { getDb } from "@/db";
import { announcements } from "@/db/schema";
import { EVENT_TEXT_MAX } from "@/lib/announcements/publish-announcement";
import { resetEnvCache } from "@/lib/env";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { MAX_PAYLOAD_BYTES, setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { createTenant, loginAs, suffix } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// Announcements (admin §2.9, §3, §5, §6, §7; core §3, §7): platform-wide, written by super users,
// read by every signed-in user of every company (the active ones), published on the platform channel.
const published: RealtimeEvent[] = [];
let w: SuperWorld;
let otherUser: string; // a user (not admin) of a third company

beforeAll(async () => {
  Object.assign(process.env, { PUSHER_APP_ID: "1", PUSHER_KEY: "test-key", PUSHER_SECRET: "announcements-secret", PUSHER_HOST: "127.0.0.1", PUSHER_PORT: "1" });
  resetEnvCache();
  setRealtimeSink((events) => void published.push(...events));
  w = await setupSuperAdmin();
  otherUser = (await loginAs((await createTenant()).agent)).token;
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string, query = "") => call(listRoute, { url: `/api/announcements${query}`, token });
const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/announcements/${id}`, token, params: { id } });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/announcements", token, body });
const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/announcements/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/announcements/${id}`, token, params: { id } });
// as they travel: JSON (dates become strings)
const events = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.announcement)));
const search = (s: string) => `?searchParam=${encodeURIComponent(s)}`;

describe("POST /api/announcements", () => {
  it("creates an announcement with priority 3 and active by default, published on the platform channel", async () => {
    const title = `Manutenção ${suffix()}`;
    const res = await create(w.superToken, { title: ` ${title} `, text: "Sábado às 22h\nvolta às 23h" });
    expect(res).toMatchObject({
      status: 200,
      body: { id: expect.any(Number), title, text: "Sábado às 22h\nvolta às 23h", priority: 3, status: true, mediaPath: null, mediaName: null, mediaUrl: null },
    });
    expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(events()).toEqual([{ channels: [channels.platform()], event: "company-announcement", data: { action: "create", record: res.body } }]);
  });

  it("takes priority and status, also as text", async () => {
    const res = await create(w.superToken, { title: `Alta ${suffix()}`, text: "Urgente", priority: "1", status: "false" });
    expect(res.body).toMatchObject({ priority: 1, status: false });
  });

  it("refuses a missing title or text, a priority out of 1-3 and a bad status (400)", async () => {
    for (const body of [{ text: "x" }, { title: "x" }, { title: " ", text: "x" }, { title: "x", text: "   " }, { title: "x", text: "y", priority: 4 }, { title: "x", text: "y", priority: 0 }, { title: "x", text: "y", status: "talvez" }]) {
      const res = await create(w.superToken, body);
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    }
    expect(events()).toEqual([]);
  });

  it("is refused to a company admin who is not super and to a user (403)", async () => {
    for (const token of [w.adminToken, w.agentToken, otherUser]) {
      expect(await create(token, { title: "Não", text: "Não" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
    expect(events()).toEqual([]);
  });
});

describe("GET /api/announcements", () => {
  it("super users see every announcement; the others only active ones, whatever company wrote them", async () => {
    const tag = suffix();
    const active = (await create(w.superToken, { title: `Ativo ${tag}`, text: "a" })).body;
    const inactive = (await create(w.superToken, { title: `Inativo ${tag}`, text: "b", status: false })).body;
    const all = await list(w.superToken, search(tag));
    expect(all.body).toMatchObject({ count: 2, hasMore: false });
    expect(all.body.records.map((r: Json) => r.id)).toEqual([inactive.id, active.id]);
    // a user of another company than the author's, an admin of one, a user of a third
    for (const token of [w.agentToken, w.adminToken, otherUser]) {
      const res = await list(token, search(tag));
      expect(res.body).toEqual({ records: [active], count: 1, hasMore: false });
    }
  });

  it("searches titles case-insensitively, newest first with the id breaking ties, 20 a page", async () => {
    const tag = suffix();
    const at = new Date("2026-01-01T12:00:00Z");
    const rows = await getDb()
      .insert(announcements)
      .values(Array.from({ length: 22 }, (_, i) => ({ companyId: w.owner.companyId, title: `Lote ${tag.toUpperCase()} ${i}`, text: "t", createdAt: i < 2 ? at : new Date(at.getTime() + i * 1000) })))
      .returning({ id: announcements.id });
    const first = await list(otherUser, `${search(`lote ${tag}`)}&pageNumber=1`);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    const second = await list(otherUser, `${search(`lote ${tag}`)}&pageNumber=2`);
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    const ids = [...first.body.records, ...second.body.records].map((r: Json) => r.id);
    // 21 down to 2 by time, then the two of the same instant by id, the larger first
    expect(ids).toEqual([...rows.slice(2).map((r) => r.id).reverse(), rows[1].id, rows[0].id]);
    // % and _ are searched as themselves
    expect((await list(otherUser, search(`lote_${tag}`))).body.count).toBe(0);
  });

  it("answers 401 without a token", async () => {
    expect((await list("")).status).toBe(401);
  });
});

describe("GET /api/announcements/{id}", () => {
  it("answers an active one to anyone signed in; an inactive one only to super users (404 otherwise)", async () => {
    const active = (await create(w.superToken, { title: `Um ${suffix()}`, text: "a", priority: 2 })).body;
    const inactive = (await create(w.superToken, { title: `Dois ${suffix()}`, text: "b", status: false })).body;
    for (const token of [w.agentToken, otherUser, w.superToken]) expect(await getOne(token, active.id)).toMatchObject({ status: 200, body: active });
    expect(await getOne(w.superToken, inactive.id)).toMatchObject({ status: 200, body: inactive });
    for (const token of [w.agentToken, w.adminToken, otherUser]) {
      expect(await getOne(token, inactive.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_ANNOUNCEMENT_FOUND" } });
    }
    expect(await getOne(w.superToken, 2147483000)).toMatchObject({ status: 404, body: { error: "ERR_NO_ANNOUNCEMENT_FOUND" } });
    expect((await getOne(w.superToken, "abc")).status).toBe(400);
  });
});

describe("PUT and DELETE /api/announcements/{id}", () => {
  it("changes what is sent and publishes the update; made inactive, it leaves the others' list", async () => {
    const tag = suffix();
    const row = (await create(w.superToken, { title: `Editar ${tag}`, text: "antes", priority: 1 })).body;
    published.length = 0;
    const res = await update(w.superToken, row.id, { text: "depois", priority: 2 });
    expect(res).toMatchObject({ status: 200, body: { ...row, text: "depois", priority: 2 } });
    const off = await update(w.superToken, row.id, { status: false });
    expect(off.body).toMatchObject({ status: false, title: `Editar ${tag}` });
    expect(events()).toEqual([
      { channels: [channels.platform()], event: "company-announcement", data: { action: "update", record: res.body } },
      { channels: [channels.platform()], event: "company-announcement", data: { action: "update", record: off.body } },
    ]);
    expect((await list(otherUser, search(tag))).body.count).toBe(0);
    expect((await update(w.superToken, row.id, { title: "" })).status).toBe(400);
    expect(await update(w.superToken, 2147483000, { title: "x" })).toMatchObject({ status: 404, body: { error: "ERR_NO_ANNOUNCEMENT_FOUND" } });
  });

  it("deletes, publishing the id; a second delete answers 404", async () => {
    const row = (await create(w.superToken, { title: `Apagar ${suffix()}`, text: "x" })).body;
    published.length = 0;
    expect(await remove(w.superToken, row.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(events()).toEqual([{ channels: [channels.platform()], event: "company-announcement", data: { action: "delete", id: row.id } }]);
    expect(await remove(w.superToken, row.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_ANNOUNCEMENT_FOUND" } });
    expect((await getOne(w.superToken, row.id)).status).toBe(404);
  });

  it("writes are refused to a non-super admin and to users (403), leaving the row as it was", async () => {
    const row = (await create(w.superToken, { title: `Fica ${suffix()}`, text: "x" })).body;
    for (const token of [w.adminToken, w.agentToken, otherUser]) {
      expect(await update(token, row.id, { title: "Mudou" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await remove(token, row.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
    expect((await getOne(w.superToken, row.id)).body).toEqual(row);
  });
});

describe("the event of a long text", () => {
  it("carries the text's start with textTruncated, under 10 KB; the whole text is read by id", async () => {
    const text = "ç\u0001".repeat(2400); // 4,800 characters, a control character escaped in JSON as \u0001
    const res = await create(w.superToken, { title: "T".repeat(200), text });
    expect(res.body.text).toBe(text);
    const [event] = events();
    expect(event.data.record).toMatchObject({ id: res.body.id, textTruncated: true });
    expect(event.data.record.text.length).toBeLessThanOrEqual(EVENT_TEXT_MAX + 1);
    expect(text.startsWith(event.data.record.text.slice(0, -1))).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(event.data))).toBeLessThan(MAX_PAYLOAD_BYTES);
    expect((await getOne(otherUser, res.body.id)).body.text).toBe(text);
  });
});

describe("the platform channel", () => {
  it("is authorised for every signed-in user of every company", async () => {
    for (const token of [w.agentToken, w.adminToken, otherUser, w.superToken]) {
      const res = await call(authRoute, { method: "POST", url: "/api/realtime/auth", token, body: { socket_id: "123.456", channel_name: channels.platform() } });
      expect(res.status).toBe(200);
      expect(res.body.auth).toMatch(/^test-key:/);
    }
  });
});
