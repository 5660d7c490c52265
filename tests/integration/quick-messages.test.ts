import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteMediaRoute } from "@/app/api/quick-messages/[id]/media/route";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/quick-messages/[id]/route";
import { GET as suggestionsRoute } from "@/app/api/quick-messages/list/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/quick-messages/route";
import { getDb } from "@/db";
import { quickMessages } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL, call, type Handler, type Json } from "../helpers/http";

// The quick messages API (core §3 Quick message, §7; admin §5 media names, §9 defaults): the
// caller's own plus the company's shared (geral) ones, the "/" suggestions, files.
const published: RealtimeEvent[] = [];
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let otherA: string;
let adminB: string;
let storageDir: string;
let seq = 0;

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "quick-messages-"));
  process.env.STORAGE_DIR = storageDir;
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const [other] = await createUsers(a.companyId, 1, "Colega");
  [adminA, agentA, otherA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(other), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(async () => {
  setRealtimeSink(null);
  await fs.rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => void (published.length = 0));

const list = (token: string, query = "") => call(listRoute, { url: `/api/quick-messages${query}`, token });
const suggestions = (token: string, query = "") => call(suggestionsRoute, { url: `/api/quick-messages/list${query}`, token });
const getOne = (token: string, id: number | string) => call(getRoute, { url: `/api/quick-messages/${id}`, token, params: { id } });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/quick-messages", token, body });
const update = (token: string, id: number, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/quick-messages/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/quick-messages/${id}`, token, params: { id } });
const removeMedia = (token: string, id: number) =>
  call(deleteMediaRoute, { method: "DELETE", url: `/api/quick-messages/${id}/media`, token, params: { id } });

async function sendForm(handler: Handler, method: string, url: string, token: string, form: FormData, params: Record<string, string> = {}) {
  const req = new NextRequest(new URL(url, BASE_URL), { method, headers: { authorization: `Bearer ${token}` }, body: form });
  const res = await handler(req, { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Json };
}

const shortcode = (prefix = "qm") => `${prefix}${++seq}`;
// as they travel: JSON (dates become strings)
const qmEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.quickMessage)));
const idsOf = (rows: Json[]) => rows.map((r) => r.id);

describe("POST /api/quick-messages", () => {
  it("creates the caller's personal, active message by default, shortcode lowercased without a leading /", async () => {
    const code = shortcode("Bom");
    const res = await create(agentA, { shortcode: ` /${code.toUpperCase()} `, message: "Bom dia, {{firstName}}!", userId: a.admin.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      shortcode: code.toLowerCase(),
      message: "Bom dia, {{firstName}}!",
      mediaPath: null,
      mediaName: null,
      mediaUrl: null,
      isMedia: false,
      geral: false,
      status: true,
      userId: a.agent.id,
      companyId: a.companyId,
      updatedAt: expect.any(String),
    });
    // personal: only on the owner's channel
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "create", record: res.body } },
    ]);
  });

  it("publishes a shared one to the company", async () => {
    const res = await create(agentA, { shortcode: shortcode(), message: "para todos", geral: true, status: false });
    expect(res.body).toMatchObject({ geral: true, status: false });
    expect(qmEvents()).toEqual([{ channels: [channels.company(a.companyId)], event: "quickMessage", data: { action: "create", record: res.body } }]);
  });

  it("answers 400 with the field issues", async () => {
    const issues = async (body: Json) => {
      const res = await create(agentA, body);
      expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
      return res.body.issues;
    };
    expect(await issues({ message: "x" })).toEqual([{ path: "shortcode", message: "required" }]);
    expect(await issues({ shortcode: " / ", message: "x" })).toEqual([{ path: "shortcode", message: "required" }]);
    expect(await issues({ shortcode: "bom dia", message: "x" })).toEqual([{ path: "shortcode", message: "shortcodeFormat" }]);
    expect(await issues({ shortcode: "x".repeat(51), message: "x" })).toEqual([{ path: "shortcode", message: "tooLong" }]);
    expect(await issues({ shortcode: "vazio", message: "   " })).toEqual([{ path: "message", message: "required" }]);
    expect(await issues({ shortcode: "vazio" })).toEqual([{ path: "message", message: "required" }]);
    expect(await issues({ shortcode: "longo", message: "x".repeat(4097) })).toEqual([{ path: "message", message: "tooLong" }]);
    expect((await issues({ shortcode: "flag", message: "x", geral: "talvez" }))[0].path).toBe("geral");
    expect(await getDb().select().from(quickMessages).where(eq(quickMessages.shortcode, "vazio"))).toEqual([]);
  });

  it("stores an uploaded file with the spaces of its name replaced by underscores; the text may then be empty", async () => {
    const form = new FormData();
    form.append("shortcode", shortcode("tabela"));
    form.append("message", "");
    form.append("geral", "true");
    form.append("file", new File([new TextEncoder().encode("%PDF-1.4 preços")], "Tabela de preços 2025.pdf", { type: "application/pdf" }));
    const res = await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: "", geral: true, status: true, isMedia: true, mediaName: "Tabela_de_preços_2025.pdf" });
    expect(res.body.mediaPath).toMatch(new RegExp(`^${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}-`));
    expect(res.body.mediaPath).not.toContain(" ");
    expect(res.body.mediaUrl).toBe(`/api/media/${res.body.mediaPath}`);
    expect(await fs.readFile(path.join(storageDir, res.body.mediaPath), "utf8")).toBe("%PDF-1.4 preços");
  });

  it("treats an empty file part as no file", async () => {
    const form = new FormData();
    form.append("shortcode", shortcode());
    form.append("file", new File([], ""));
    const res = await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form);
    expect(res).toMatchObject({ status: 400, body: { issues: [{ path: "message", message: "required" }] } });
  });

  it("answers 404 for another company's companyId, in JSON or multipart", async () => {
    expect((await create(agentA, { shortcode: shortcode(), message: "x", companyId: b.companyId })).status).toBe(404);
    const form = new FormData();
    form.append("shortcode", shortcode());
    form.append("message", "x");
    form.append("companyId", String(b.companyId));
    expect((await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form)).status).toBe(404);
  });
});

describe("who sees which quick message", () => {
  it("a user sees their own and the shared ones; another user's personal one is 404 to them, admins included", async () => {
    const mine = (await create(agentA, { shortcode: shortcode("mine"), message: "meu" })).body;
    const shared = (await create(agentA, { shortcode: shortcode("shared"), message: "nosso", geral: true })).body;
    const theirs = (await create(otherA, { shortcode: shortcode("theirs"), message: "dele" })).body;
    const foreign = (await create(adminB, { shortcode: shortcode("foreign"), message: "de fora", geral: true })).body;

    const agentIds = idsOf((await list(agentA, "?searchParam=")).body.records);
    expect(agentIds).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(agentIds).not.toContain(theirs.id);
    expect(agentIds).not.toContain(foreign.id);
    const adminIds = idsOf((await list(adminA)).body.records);
    expect(adminIds).toContain(shared.id);
    expect(adminIds).not.toContain(mine.id);

    expect((await getOne(agentA, theirs.id))).toMatchObject({ status: 404, body: { error: "ERR_NO_QUICK_MESSAGE_FOUND" } });
    expect((await getOne(adminA, mine.id)).status).toBe(404);
    expect((await getOne(otherA, shared.id)).status).toBe(200);
    expect((await getOne(agentA, foreign.id)).status).toBe(404);
    expect((await getOne(agentA, "abc")).status).toBe(400);
  });

  it("pages 20 at a time as { records, count, hasMore } sorted by shortcode, searched by shortcode or text", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    for (let i = 0; i < 25; i++) await create(token, { shortcode: `p${String(i).padStart(2, "0")}`, message: i === 7 ? "Segunda VIA do boleto" : `texto ${i}` });
    const first = await list(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.records).toHaveLength(20);
    expect(first.body.records[0].shortcode).toBe("p00");
    const second = await list(token, "?pageNumber=2");
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.records.map((r: Json) => r.shortcode)).toEqual(["p20", "p21", "p22", "p23", "p24"]);
    expect((await list(token, "?searchParam=segunda%20via")).body.records.map((r: Json) => r.shortcode)).toEqual(["p07"]);
    expect((await list(token, "?searchParam=P1")).body.count).toBe(10);
    expect((await list(token, "?searchParam=%25")).body.count).toBe(0);
    expect(await list(token, `?companyId=${b.companyId}`)).toMatchObject({ status: 404 });
    expect((await call(listRoute, { url: "/api/quick-messages" })).status).toBe(401);
  });
});

describe("GET /api/quick-messages/list", () => {
  it("feeds the / suggestions: the caller's own and the shared ones, active only, whatever userId says", async () => {
    const t = await createTenant();
    const [agent, admin] = await Promise.all([loginAs(t.agent), loginAs(t.admin)]);
    const own = (await create(agent.token, { shortcode: "own", message: "meu" })).body;
    await create(agent.token, { shortcode: "ownoff", message: "desativada", status: false });
    const shared = (await create(admin.token, { shortcode: "shared", message: "de todos", geral: true })).body;
    await create(admin.token, { shortcode: "sharedoff", message: "desativada", geral: true, status: false });
    await create(admin.token, { shortcode: "adminonly", message: "do admin" });
    const res = await suggestions(agent.token, `?companyId=${t.companyId}&userId=${t.admin.id}`);
    expect(res.status).toBe(200);
    expect(res.body.map((r: Json) => r.shortcode)).toEqual(["own", "shared"]);
    expect(idsOf(res.body)).toEqual([own.id, shared.id]);
    expect(await suggestions(agent.token, `?companyId=${b.companyId}`)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
  });
});

describe("PUT /api/quick-messages/{id}", () => {
  it("the owner edits their own; what is left out stays", async () => {
    const q = (await create(agentA, { shortcode: shortcode(), message: "antes" })).body;
    published.length = 0;
    const res = await update(agentA, q.id, { message: "depois", status: false });
    expect(res).toMatchObject({ status: 200, body: { id: q.id, shortcode: q.shortcode, message: "depois", status: false, geral: false } });
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "update", record: res.body } },
    ]);
    expect(await update(agentA, q.id, { message: " " })).toMatchObject({ status: 400, body: { issues: [{ path: "message", message: "required" }] } });
    expect(await update(agentA, q.id, { shortcode: "com espaço" })).toMatchObject({ status: 400 });
  });

  it("admins edit shared ones of others; users cannot (403); nobody sees another's personal one (404)", async () => {
    const shared = (await create(agentA, { shortcode: shortcode(), message: "compartilhada", geral: true })).body;
    const personal = (await create(agentA, { shortcode: shortcode(), message: "pessoal" })).body;
    const adminShared = (await create(adminA, { shortcode: shortcode(), message: "do admin", geral: true })).body;
    expect(await update(adminA, shared.id, { message: "revisada" })).toMatchObject({ status: 200, body: { message: "revisada", userId: a.agent.id } });
    expect(await update(otherA, shared.id, { message: "x" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await update(agentA, adminShared.id, { message: "x" })).toMatchObject({ status: 403 });
    expect(await update(adminA, personal.id, { message: "x" })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUICK_MESSAGE_FOUND" } });
    expect((await getOne(agentA, personal.id)).body.message).toBe("pessoal");
  });

  it("making a shared message personal deletes it for everyone else but its owner", async () => {
    const q = (await create(agentA, { shortcode: shortcode(), message: "m", geral: true })).body;
    published.length = 0;
    const res = await update(agentA, q.id, { geral: false });
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "update", record: res.body } },
      { channels: [channels.company(a.companyId)], event: "quickMessage", data: { action: "delete", id: q.id, exceptUserId: a.agent.id } },
    ]);
    expect((await getOne(otherA, q.id)).status).toBe(404);
  });

  it("a new file replaces the old one", async () => {
    const form = new FormData();
    form.append("shortcode", shortcode());
    form.append("file", new File([new Uint8Array([1, 2, 3])], "foto antiga.jpg", { type: "image/jpeg" }));
    const q = (await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form)).body;
    const edit = new FormData();
    edit.append("message", "com legenda");
    edit.append("status", "false");
    edit.append("file", new File([new Uint8Array([4, 5])], "foto nova.png", { type: "image/png" }));
    const res = await sendForm(putRoute, "PUT", `/api/quick-messages/${q.id}`, agentA, edit, { id: String(q.id) });
    expect(res).toMatchObject({ status: 200, body: { message: "com legenda", status: false, mediaName: "foto_nova.png", isMedia: true } });
    expect(res.body.mediaPath).not.toBe(q.mediaPath);
  });

  it("answers 404 for another company's message and changes nothing", async () => {
    const foreign = (await create(adminB, { shortcode: shortcode(), message: "de B", geral: true })).body;
    published.length = 0;
    expect(await update(adminA, foreign.id, { message: "invadida" })).toMatchObject({ status: 404 });
    expect((await getOne(adminB, foreign.id)).body.message).toBe("de B");
    expect(qmEvents()).toEqual([]);
  });
});

describe("DELETE /api/quick-messages/{id}", () => {
  it("the owner or an admin (shared) deletes; others get 403 or 404; another company's is 404", async () => {
    const personal = (await create(agentA, { shortcode: shortcode(), message: "p" })).body;
    const shared = (await create(agentA, { shortcode: shortcode(), message: "s", geral: true })).body;
    const foreign = (await create(adminB, { shortcode: shortcode(), message: "f", geral: true })).body;
    expect((await remove(adminA, personal.id)).status).toBe(404);
    expect((await remove(otherA, shared.id)).status).toBe(403);
    expect((await remove(adminA, foreign.id)).status).toBe(404);
    expect((await getOne(adminB, foreign.id)).status).toBe(200);
    published.length = 0;
    expect((await remove(agentA, personal.id)).status).toBe(200);
    expect((await remove(adminA, shared.id)).status).toBe(200);
    expect((await getOne(agentA, personal.id)).status).toBe(404);
    expect((await getOne(agentA, shared.id)).status).toBe(404);
    expect(qmEvents()).toEqual([
      { channels: [channels.user(a.companyId, a.agent.id)], event: "quickMessage", data: { action: "delete", id: personal.id } },
      { channels: [channels.company(a.companyId)], event: "quickMessage", data: { action: "delete", id: shared.id } },
    ]);
  });
});

describe("DELETE /api/quick-messages/{id}/media", () => {
  async function withFile(token: string, message: string, geral = false) {
    const form = new FormData();
    form.append("shortcode", shortcode());
    form.append("message", message);
    form.append("geral", String(geral));
    form.append("file", new File([new Uint8Array([9])], "arquivo.txt", { type: "text/plain" }));
    return (await sendForm(postRoute, "POST", "/api/quick-messages", token, form)).body;
  }

  it("drops the file and keeps the text; refuses when the file is all there is", async () => {
    const q = await withFile(agentA, "texto");
    published.length = 0;
    const res = await removeMedia(agentA, q.id);
    expect(res).toMatchObject({ status: 200, body: { id: q.id, message: "texto", mediaPath: null, mediaName: null, mediaUrl: null, isMedia: false } });
    expect(qmEvents()).toHaveLength(1);
    const only = await withFile(agentA, "");
    expect(await removeMedia(agentA, only.id)).toMatchObject({ status: 400, body: { issues: [{ path: "message", message: "required" }] } });
    expect((await getOne(agentA, only.id)).body.isMedia).toBe(true);
  });

  it("follows the edit rule and never reaches another company's", async () => {
    const personal = await withFile(agentA, "p");
    const shared = await withFile(agentA, "s", true);
    const foreign = await withFile(adminB, "f", true);
    expect((await removeMedia(adminA, personal.id)).status).toBe(404);
    expect((await removeMedia(otherA, shared.id)).status).toBe(403);
    expect((await removeMedia(adminA, foreign.id)).status).toBe(404);
    expect((await getOne(adminB, foreign.id)).body.isMedia).toBe(true);
    expect((await removeMedia(adminA, shared.id)).status).toBe(200);
  });
});

describe("a shared message whose author left", () => {
  it("stays shared, and becomes the admin's own when the admin stops sharing it", async () => {
    const q = (await create(otherA, { shortcode: shortcode(), message: "órfã", geral: true })).body;
    await getDb().update(quickMessages).set({ userId: null }).where(eq(quickMessages.id, q.id));
    expect(await update(adminA, q.id, { geral: false })).toMatchObject({ status: 200, body: { geral: false, userId: a.admin.id } });
    expect((await getOne(adminA, q.id)).status).toBe(200);
  });
});
