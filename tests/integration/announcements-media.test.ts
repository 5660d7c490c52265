import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteMediaRoute, POST as uploadRoute } from "@/app/api/announcements/[id]/media-upload/route";
import { DELETE as deleteRoute, GET as getRoute } from "@/app/api/announcements/[id]/route";
import { POST as postRoute } from "@/app/api/announcements/route";
import { GET as mediaRoute } from "@/app/api/media/[...key]/route";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { saveMedia } from "@/lib/storage";
import { setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// An announcement's image (admin §5, §7: POST and DELETE /announcements/{id}/media-upload): only
// .png/.jpg/.jpeg by name and bytes, kept in the platform area of the storage, which every signed-in
// user of every company reads through GET /api/media/...; replaced and deleted files leave storage.
const published: RealtimeEvent[] = [];
let w: SuperWorld;
let other: Tenant;
let otherUser: string;
let storageDir: string;

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "announcements-"));
  process.env.STORAGE_DIR = storageDir;
  setRealtimeSink((events) => void published.push(...events));
  w = await setupSuperAdmin();
  other = await createTenant();
  otherUser = (await loginAs(other.agent)).token;
});
afterAll(async () => {
  setRealtimeSink(null);
  await fs.rm(storageDir, { recursive: true, force: true });
});
beforeEach(() => void (published.length = 0));

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (body = "png body") => new Blob([new Uint8Array([...PNG, ...new TextEncoder().encode(body)])], { type: "image/png" });
const jpeg = (body = "jpeg body") => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(body)])], { type: "image/jpeg" });
const exists = (key: string) =>
  fs.access(path.join(storageDir, key)).then(
    () => true,
    () => false,
  );

const create = async () => (await call(postRoute, { method: "POST", url: "/api/announcements", token: w.superToken, body: { title: "Com imagem", text: "Veja" } })).body;
function upload(token: string, id: number, file: Blob, name: string) {
  const form = new FormData();
  form.append("file", file, name);
  return call(uploadRoute, { method: "POST", url: `/api/announcements/${id}/media-upload`, token, params: { id }, body: form });
}
const removeMedia = (token: string, id: number) => call(deleteMediaRoute, { method: "DELETE", url: `/api/announcements/${id}/media-upload`, token, params: { id } });
const media = (token: string, key: string) => call(mediaRoute, { url: `/api/media/${key}`, token, params: { key: key.split("/") } });
const events = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.announcement)));

describe("POST /api/announcements/{id}/media-upload", () => {
  it("stores a PNG in the platform area, names it on the announcement and publishes the update", async () => {
    const row: Json = await create();
    published.length = 0;
    const res = await upload(w.superToken, row.id, png(), "aviso novo.png");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: row.id, mediaName: "aviso_novo.png", mediaPath: expect.stringMatching(/^platform\//) });
    expect(res.body.mediaUrl).toBe(`/api/media/${res.body.mediaPath.split("/").map(encodeURIComponent).join("/")}`);
    expect(events()).toEqual([{ channels: [channels.platform()], event: "company-announcement", data: { action: "update", record: res.body } }]);
  });

  it("the image is readable by a user of another company; another company's own key still answers 404", async () => {
    const row: Json = await create();
    const key = (await upload(w.superToken, row.id, jpeg("foto"), "foto.JPG")).body.mediaPath;
    for (const token of [otherUser, w.agentToken, w.superToken]) {
      const res = await media(token, key);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/jpeg");
    }
    const theirs = await saveMedia(w.tenant.companyId, new TextEncoder().encode("privado"), { filename: "privado.txt" });
    expect((await media(otherUser, theirs.path)).status).toBe(404);
    expect((await media(w.agentToken, theirs.path)).status).toBe(200);
    expect((await media(otherUser, "platform/../" + theirs.path)).status).toBe(404);
  });

  it("a new image replaces the old one, which leaves storage", async () => {
    const row: Json = await create();
    const first = (await upload(w.superToken, row.id, png("um"), "um.png")).body.mediaPath;
    const second = (await upload(w.superToken, row.id, jpeg("dois"), "dois.jpeg")).body.mediaPath;
    expect(second).not.toBe(first);
    expect(await exists(first)).toBe(false);
    expect(await exists(second)).toBe(true);
  });

  it("two uploads at once leave exactly the file the announcement names", async () => {
    const row: Json = await create();
    const platformFiles = async () => (await fs.readdir(path.join(storageDir, "platform"), { recursive: true })).filter((f) => f.endsWith(".png") && f.includes(`-par-${row.id}-`));
    const answers = await Promise.all([1, 2, 3].map((i) => upload(w.superToken, row.id, png(`p${i}`), `par-${row.id}-${i}.png`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const named = (await call(getRoute, { url: `/api/announcements/${row.id}`, token: w.superToken, params: { id: row.id } })).body.mediaPath as string;
    const left = await platformFiles();
    expect(left).toHaveLength(1);
    expect(named.endsWith(left[0].split("/").pop()!)).toBe(true);
  });

  it("refuses anything but a .png/.jpg/.jpeg image, by name or by bytes (400), keeping nothing", async () => {
    const row: Json = await create();
    published.length = 0;
    const before = await fs.readdir(storageDir, { recursive: true }).catch(() => []);
    const cases: [Blob, string][] = [
      [png(), "imagem.gif"], // the name
      [png(), "imagem"],
      [new Blob(["%PDF-1.4"]), "documento.png"], // the bytes
      [new Blob(["GIF89a"]), "animacao.jpg"],
      [jpeg(), "troca.png"], // name and bytes disagree
      [png(), "troca.jpg"],
    ];
    for (const [file, name] of cases) {
      expect(await upload(w.superToken, row.id, file, name), name).toMatchObject({ status: 400, body: { error: "ERR_ANNOUNCEMENT_MEDIA_TYPE" } });
    }
    expect(await fs.readdir(storageDir, { recursive: true }).catch(() => [])).toEqual(before);
    expect(events()).toEqual([]);
  });

  it("refuses a file over 5 MB (413), a missing file (400), a missing announcement (404)", async () => {
    const row: Json = await create();
    const big = new Blob([new Uint8Array(PNG), new Uint8Array(5 * 1024 * 1024)]);
    expect(await upload(w.superToken, row.id, big, "grande.png")).toMatchObject({ status: 413, body: { error: "ERR_MEDIA_TOO_LARGE" } });
    expect(await upload(w.superToken, row.id, new Blob([]), "")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await upload(w.superToken, 2147483000, png(), "x.png")).toMatchObject({ status: 404, body: { error: "ERR_NO_ANNOUNCEMENT_FOUND" } });
  });

  it("is refused to a non-super admin and to users (403)", async () => {
    const row: Json = await create();
    for (const token of [w.adminToken, w.agentToken, otherUser]) {
      expect(await upload(token, row.id, png(), "x.png")).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect(await removeMedia(token, row.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
  });
});

describe("DELETE /api/announcements/{id}/media-upload and deleting an announcement", () => {
  it("removing the image clears it and deletes the file", async () => {
    const row: Json = await create();
    const key = (await upload(w.superToken, row.id, png(), "sai.png")).body.mediaPath;
    published.length = 0;
    const res = await removeMedia(w.superToken, row.id);
    expect(res).toMatchObject({ status: 200, body: { mediaPath: null, mediaName: null, mediaUrl: null } });
    expect(await exists(key)).toBe(false);
    expect(events()).toEqual([{ channels: [channels.platform()], event: "company-announcement", data: { action: "update", record: res.body } }]);
    expect((await removeMedia(w.superToken, 2147483000)).status).toBe(404);
  });

  it("deleting the announcement deletes its image", async () => {
    const row: Json = await create();
    const key = (await upload(w.superToken, row.id, png(), "junto.png")).body.mediaPath;
    expect((await call(deleteRoute, { method: "DELETE", url: `/api/announcements/${row.id}`, token: w.superToken, params: { id: row.id } })).status).toBe(200);
    expect(await exists(key)).toBe(false);
    expect((await media(otherUser, key)).status).toBe(404);
  });
});
