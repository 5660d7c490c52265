import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute, POST as postRoute } from "@/app/api/quick-messages/route";
import { getDb } from "@/db";
import { quickMessages } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import {
  create,
  getOne,
  idsOf,
  installQuickMessageHooks,
  list,
  qmEvents,
  sendForm,
  setupQuickMessageTenants,
  shortcode,
  suggestions,
} from "../helpers/quick-messages-env";

// The quick messages API (core §3 Quick message, §7; admin §5 media names, §9 defaults): creating,
// the caller's own plus the company's shared (geral) ones, the "/" suggestions (the shared setup is
// tests/helpers/quick-messages-env.ts; edits, deletes and files removed are in
// quick-messages-edit.test.ts).
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let otherA: string;
let adminB: string;
let storageDir: string;

installQuickMessageHooks();
beforeAll(async () => void ({ a, b, adminA, agentA, otherA, adminB, storageDir } = await setupQuickMessageTenants()));

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

  it("takes the attachment under `medias` too (the messages route's name); another field is refused, naming it (issue 34 §2.6)", async () => {
    const form = (field: string) => {
      const f = new FormData();
      f.append("shortcode", shortcode("medias"));
      f.append("message", "Catálogo");
      f.append(field, new File([new TextEncoder().encode("%PDF-1.4 catálogo")], "catálogo novo.pdf", { type: "application/pdf" }));
      return f;
    };
    const res = await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form("medias"));
    expect(res).toMatchObject({ status: 200, body: { isMedia: true, mediaName: "catálogo_novo.pdf" } });
    expect(await fs.readFile(path.join(storageDir, res.body.mediaPath), "utf8")).toBe("%PDF-1.4 catálogo");
    const before = await fs.readdir(storageDir, { recursive: true });
    const refused = await sendForm(postRoute, "POST", "/api/quick-messages", agentA, form("anexo"));
    expect(refused).toMatchObject({ status: 400, body: { error: "ERR_UNEXPECTED_FILE_FIELD", field: "anexo" } });
    expect(await fs.readdir(storageDir, { recursive: true })).toEqual(before);
    // an empty nameless part (a file input left empty) is no file, whatever its field
    const empty = form("medias");
    empty.append("anexo", new File([], ""));
    expect((await sendForm(postRoute, "POST", "/api/quick-messages", agentA, empty)).status).toBe(200);
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
