import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/files/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/files/route";
import { POST as uploadRoute } from "@/app/api/files/uploadList/[id]/route";
import { getDb } from "@/db";
import { fileListOptions, settings } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { readMedia } from "@/lib/storage";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// File lists (issue 15 §2, admin §2.11, §3 FileList, §5, §7 Files): CRUD, uploads kept in the
// company's storage and deleted with their option or list, tenant isolation, admin only.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let storageDir: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "file-lists-"));
  process.env.STORAGE_DIR = storageDir;
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(async () => {
  setRealtimeSink(null);
  await fs.rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => void (published.length = 0));

const list = (token: string, q = "") => call(listRoute, { url: `/api/files${q}`, token });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/files", token, body });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/files/${id}`, token, params: { id } });
const update = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/files/${id}`, token, params: { id }, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/files/${id}`, token, params: { id } });
const upload = (token: string, id: number, form: FormData) =>
  call(uploadRoute, { method: "POST", url: `/api/files/uploadList/${id}`, token, params: { id }, body: form });
const fileEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.file)));

function uploadForm(parts: [number | string, File][], extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.append(k, v);
  for (const [id, file] of parts) {
    form.append("files", file);
    form.append("id", String(id));
  }
  return form;
}
const pdf = (name = "tabela de preços.pdf", bytes = [37, 80, 68, 70]) => new File([new Uint8Array(bytes)], name, { type: "application/pdf" });
const exists = (key: string) =>
  fs.stat(path.join(storageDir, key)).then(
    () => true,
    () => false,
  );

describe("POST/GET /api/files", () => {
  it("creates a list with its options and answers it; realtime create for the admins", async () => {
    const res = await create(adminA, { name: "  Catálogo  ", message: "Veja nossos arquivos", options: [{ name: "Preços" }, { name: "Foto" }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Catálogo", message: "Veja nossos arquivos" });
    expect(res.body.options.map((o: Json) => [o.name, o.path, o.mediaType, o.fileName])).toEqual([
      ["Preços", "", "", ""],
      ["Foto", "", "", ""],
    ]);
    expect(fileEvents()).toEqual([
      {
        channels: [channels.admins(a.companyId)],
        event: "file",
        data: { action: "create", record: expect.objectContaining({ id: res.body.id, name: "Catálogo", optionsCount: 2 }) },
      },
    ]);
    expect((await getOne(adminA, res.body.id)).body).toEqual(res.body);
  });

  it("validates: name at least 3 and required, message required, option text required", async () => {
    const issues = async (body: Json) => (await create(adminA, body)).body.issues;
    expect(await issues({ name: "ab", message: "m" })).toEqual([{ path: "name", message: "nameTooShort" }]);
    expect(await issues({ name: "  ", message: "m" })).toEqual([{ path: "name", message: "required" }]);
    expect(await issues({ name: "Lista", message: " " })).toEqual([{ path: "message", message: "required" }]);
    expect(await issues({ name: "Lista", message: "m", options: [{ name: "" }] })).toEqual([{ path: "options.0.name", message: "required" }]);
    expect((await create(adminA, { name: "Lista" })).status).toBe(400);
  });

  it("lists the company's own by name, searched, 40 a page", async () => {
    await Promise.all(Array.from({ length: 41 }, (_, i) => create(adminA, { name: `Pagina ${String(i).padStart(2, "0")}`, message: "m" })));
    await create(adminB, { name: "Pagina de B", message: "m" });
    const first = await list(adminA, "?searchParam=pagina&pageNumber=1");
    expect(first.body).toMatchObject({ count: 41, hasMore: true });
    expect(first.body.files).toHaveLength(40);
    expect(first.body.files[0].name).toBe("Pagina 00");
    const second = await list(adminA, "?searchParam=PAGINA&pageNumber=2");
    expect(second.body).toMatchObject({ count: 41, hasMore: false, files: [{ name: "Pagina 40" }] });
    expect((await list(adminB, "?searchParam=pagina")).body).toMatchObject({ count: 1, files: [{ name: "Pagina de B" }] });
  });

  it("is for admins only", async () => {
    expect((await list(agentA)).status).toBe(403);
    expect((await create(agentA, { name: "Lista", message: "m" })).status).toBe(403);
  });

  it("is an ordinary admin area: a plan without campaigns still has it (spec admin §2.1; issue 34 §2.5)", async () => {
    const t = await createTenant({ plan: { useCampaigns: false } });
    // nor the stored campaigns flag (cshow), which also opens the campaigns' areas
    await getDb().update(settings).set({ value: "false" }).where(and(eq(settings.companyId, t.companyId), eq(settings.key, "campaignsEnabled")));
    const admin = (await loginAs(t.admin)).token;
    const made = await create(admin, { name: "Sem campanhas", message: "m", options: [{ name: "Preços" }] });
    expect(made.status).toBe(200);
    expect((await list(admin)).body).toMatchObject({ count: 1, files: [{ name: "Sem campanhas" }] });
    const form = uploadForm([[made.body.options[0].id, pdf()]]);
    expect((await upload(admin, made.body.id, form)).status).toBe(200);
  });
});

describe("uploads", () => {
  it("stores each file in the company's storage for its option, replaces and deletes it", async () => {
    const fl = (await create(adminA, { name: "Arquivos", message: "m", options: [{ name: "Preços" }, { name: "Foto" }] })).body;
    const [o1, o2] = fl.options;
    published.length = 0;
    const png = new File([new Uint8Array([137, 80, 78, 71])], "foto.png", { type: "image/png" });
    const res = await upload(adminA, fl.id, uploadForm([[o1.id, pdf()], [o2.id, png]], { fileId: String(fl.id), typeArch: "fileList" }));
    expect(res.status).toBe(200);
    const [s1, s2] = res.body.options;
    expect(s1).toMatchObject({ id: o1.id, name: "Preços", mediaType: "application/pdf", fileName: "tabela_de_prec_os.pdf" });
    expect(s2).toMatchObject({ id: o2.id, mediaType: "image/png", fileName: "foto.png" });
    expect(s1.path.startsWith(`${a.companyId}/`)).toBe(true);
    expect((await readMedia(a.companyId, s1.path)).data).toEqual(Buffer.from([37, 80, 68, 70]));
    expect(fileEvents()).toMatchObject([{ data: { action: "update", record: { id: fl.id } } }]);

    // a new file for an option replaces (and deletes) the old one
    const again = await upload(adminA, fl.id, uploadForm([[o1.id, pdf("novo.pdf", [1])]]));
    expect(again.body.options[0].fileName).toBe("novo.pdf");
    expect(await exists(s1.path)).toBe(false);
    expect(await exists(again.body.options[0].path)).toBe(true);

    // PUT without an option deletes it and its file; removeFile keeps the option without its file
    const put = await update(adminA, fl.id, { options: [{ id: o1.id, name: "Preços 2", removeFile: true }, { name: "Nova" }] });
    expect(put.status).toBe(200);
    expect(put.body.options.map((o: Json) => [o.name, o.path])).toEqual([
      ["Preços 2", ""],
      ["Nova", ""],
    ]);
    expect(await exists(again.body.options[0].path)).toBe(false);
    expect(await exists(s2.path)).toBe(false);
    expect(await getDb().select().from(fileListOptions).where(eq(fileListOptions.id, o2.id))).toEqual([]);

    // deleting the list deletes its files
    const last = await upload(adminA, fl.id, uploadForm([[put.body.options[1].id, pdf("ultimo.pdf")]]));
    const lastPath = last.body.options[1].path;
    expect(await exists(lastPath)).toBe(true);
    published.length = 0;
    expect((await remove(adminA, fl.id)).status).toBe(200);
    expect(await exists(lastPath)).toBe(false);
    expect((await getOne(adminA, fl.id)).status).toBe(404);
    expect(fileEvents()).toEqual([{ channels: [channels.admins(a.companyId)], event: "file", data: { action: "delete", id: fl.id } }]);
  });

  it("accepts fileId as the option ids when no id part is sent", async () => {
    const fl = (await create(adminA, { name: "Por fileId", message: "m", options: [{ name: "Um" }] })).body;
    const form = new FormData();
    form.append("files", pdf("um.pdf"));
    form.append("fileId", String(fl.options[0].id));
    const res = await upload(adminA, fl.id, form);
    expect(res.status).toBe(200);
    expect(res.body.options[0].fileName).toBe("um.pdf");
  });

  it("refuses bad forms and keeps nothing", async () => {
    const fl = (await create(adminA, { name: "Recusas", message: "m", options: [{ name: "Um" }, { name: "Dois" }] })).body;
    const [o1, o2] = fl.options;
    const before = await fs.readdir(path.join(storageDir, String(a.companyId)), { recursive: true });
    expect((await upload(adminA, fl.id, new FormData())).body).toMatchObject({ error: "ERR_VALIDATION", issues: [{ path: "files" }] });
    const noId = new FormData();
    noId.append("files", pdf());
    expect((await upload(adminA, fl.id, noId)).body).toMatchObject({ error: "ERR_VALIDATION", issues: [{ path: "id", message: "oneIdPerFile" }] });
    expect((await upload(adminA, fl.id, uploadForm([[o1.id, pdf()], [o1.id, pdf()]]))).body).toMatchObject({ issues: [{ message: "duplicateOption" }] });
    expect((await upload(adminA, fl.id, uploadForm([["x", pdf()]]))).status).toBe(400);
    // an option of another list: 404, and the files stored for the request are gone again
    const other = (await create(adminA, { name: "Outra", message: "m", options: [{ name: "X" }] })).body;
    expect((await upload(adminA, fl.id, uploadForm([[o2.id, pdf()], [other.options[0].id, pdf()]]))).status).toBe(404);
    expect((await upload(adminA, fl.id, uploadForm([[o1.id, pdf()]], { fileId: String(other.id) }))).status).toBe(404);
    expect(await fs.readdir(path.join(storageDir, String(a.companyId)), { recursive: true })).toEqual(before);
    expect((await getOne(adminA, fl.id)).body.options.every((o: Json) => o.path === "")).toBe(true);
  });
});

describe("tenant isolation", () => {
  it("another company's list and options answer 404 everywhere", async () => {
    const fl = (await create(adminA, { name: "Da empresa A", message: "m", options: [{ name: "Um" }] })).body;
    const opt = fl.options[0].id;
    expect((await getOne(adminB, fl.id)).status).toBe(404);
    expect((await update(adminB, fl.id, { name: "Tomada" })).status).toBe(404);
    expect((await remove(adminB, fl.id)).status).toBe(404);
    expect((await upload(adminB, fl.id, uploadForm([[opt, pdf()]]))).status).toBe(404);
    // B's own list cannot adopt or upload to A's option
    const mine = (await create(adminB, { name: "Da empresa B", message: "m", options: [{ name: "B" }] })).body;
    expect((await update(adminB, mine.id, { options: [{ id: opt, name: "roubada" }] })).status).toBe(404);
    expect((await upload(adminB, mine.id, uploadForm([[opt, pdf()]]))).status).toBe(404);
    expect((await getOne(adminA, fl.id)).body).toMatchObject({ name: "Da empresa A", options: [{ id: opt, name: "Um", path: "" }] });
  });
});
