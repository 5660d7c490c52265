import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as mediaRoute } from "@/app/api/media/[...key]/route";
import { deleteCompanyMedia, deleteMedia, deletePlatformMedia, readMedia, saveMedia, savePlatformMedia, statMedia, streamMedia } from "@/lib/storage";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { DRIVERS, startDriver } from "../helpers/storage-drivers";

// The storage facade on each driver (issue 18 §2): the same keys, checks and answers on the disk and
// on an S3 bucket (s3rver, the real protocol), through lib/storage and through GET /api/media.
let a: Tenant;
let b: Tenant;
let tokenA: string;
let tokenB: string;
beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [tokenA, tokenB] = (await Promise.all([loginAs(a.admin), loginAs(b.admin)])).map((s) => s.token);
});

const bytes = (n: number, seed = 1) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) % 251);
const code = (p: Promise<unknown>) => p.then(() => "ok", (e: { code?: string }) => e.code ?? String(e));
const get = (token: string, key: string, headers: Record<string, string> = {}) =>
  call(mediaRoute, { url: `/api/media/${key}`, token, params: { key: key.split("/") }, headers });

describe.each(DRIVERS)("storage on %s", (driver) => {
  let stop: () => Promise<void>;
  beforeAll(async () => void ({ stop } = await startDriver(driver)));
  afterAll(() => stop());

  it("saves bytes and streams under the company's key and reads them back whole", async () => {
    const saved = await saveMedia(a.companyId, bytes(1000), { mimetype: "image/png", filename: "foto ção.png" });
    expect(saved.path).toMatch(new RegExp(`^${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}-foto_c_a_o.png$`));
    expect(saved).toMatchObject({ mimetype: "image/png", filename: "foto_c_a_o.png" });
    const read = await readMedia(a.companyId, saved.path);
    expect(Buffer.compare(read.data, Buffer.from(bytes(1000)))).toBe(0);
    expect(read).toMatchObject({ mimetype: "image/png", filename: "foto_c_a_o.png" });

    const streamed = await saveMedia(a.companyId, Readable.from([Buffer.from(bytes(10, 7)), Buffer.from(bytes(5, 9))]), { filename: "n.pdf" });
    expect(streamed.mimetype).toBe("application/pdf");
    expect(await statMedia(a.companyId, streamed.path)).toMatchObject({ size: 15, mimetype: "application/pdf", filename: "n.pdf" });
    const range = await streamMedia(a.companyId, streamed.path, { start: 10, end: 14 });
    expect(Buffer.concat(await range.toArray())).toEqual(Buffer.from(bytes(5, 9)));
  });

  it("refuses another company's key, a path escape and a missing object with 404 ERR_NOT_FOUND", async () => {
    const saved = await saveMedia(a.companyId, bytes(10), { filename: "a.txt" });
    const escape = `${b.companyId}/../${a.companyId}/${saved.path.split("/").slice(1).join("/")}`;
    for (const key of [saved.path, escape, `${b.companyId}/2026-01/none.txt`, "../etc/passwd", `${b.companyId}/`]) {
      expect(await code(readMedia(b.companyId, key))).toBe("ERR_NOT_FOUND");
      expect(await code(statMedia(b.companyId, key))).toBe("ERR_NOT_FOUND");
    }
    expect((await get(tokenB, saved.path)).status).toBe(404);
    expect((await get(tokenA, `${a.companyId}/2026-01/missing.txt`)).body).toEqual({ error: "ERR_NOT_FOUND" });
    // deleting another company's key is a no-op
    await deleteMedia(b.companyId, saved.path);
    expect((await statMedia(a.companyId, saved.path)).size).toBe(10);
  });

  it("GET /api/media streams with Content-Length, honours one Range and answers 416 past the end", async () => {
    const saved = await saveMedia(a.companyId, bytes(2000), { mimetype: "audio/ogg", filename: "voz.ogg" });
    const whole = await get(tokenA, saved.path);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe("2000");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(whole.headers.get("content-type")).toBe("audio/ogg");
    const part = await call(mediaRoute, { url: `/api/media/${saved.path}`, token: tokenA, params: { key: saved.path.split("/") }, headers: { range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/2000");
    expect(part.headers.get("content-length")).toBe("100");
    const tail = await get(tokenA, saved.path, { range: "bytes=-10" });
    expect(tail.headers.get("content-range")).toBe("bytes 1990-1999/2000");
    const past = await get(tokenA, saved.path, { range: "bytes=5000-" });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe("bytes */2000");
  });

  it("the platform area: readable by every company, deleted only through its own call", async () => {
    const saved = await savePlatformMedia(bytes(64), { mimetype: "image/jpeg", filename: "aviso.jpg" });
    expect(saved.path.startsWith("platform/")).toBe(true);
    const hash = (d: Buffer | Uint8Array) => createHash("sha256").update(d).digest("hex");
    expect(hash((await readMedia(b.companyId, saved.path)).data)).toBe(hash(bytes(64)));
    expect((await get(tokenB, saved.path)).status).toBe(200);
    await deleteMedia(a.companyId, saved.path); // a company cannot delete it
    expect((await statMedia(a.companyId, saved.path)).size).toBe(64);
    await deletePlatformMedia(saved.path);
    expect(await code(readMedia(a.companyId, saved.path))).toBe("ERR_NOT_FOUND");
  });

  it("deleteMedia removes one file (twice is fine); deleteCompanyMedia all of a company's and nothing else", async () => {
    const one = await saveMedia(a.companyId, bytes(5), { filename: "x.txt" });
    await deleteMedia(a.companyId, one.path);
    await deleteMedia(a.companyId, one.path);
    expect(await code(statMedia(a.companyId, one.path))).toBe("ERR_NOT_FOUND");
    const mine = await Promise.all([1, 2, 3].map((i) => saveMedia(a.companyId, bytes(i), { filename: `${i}.txt` })));
    const theirs = await saveMedia(b.companyId, bytes(3), { filename: "b.txt" });
    await deleteCompanyMedia(a.companyId);
    for (const f of mine) expect(await code(statMedia(a.companyId, f.path))).toBe("ERR_NOT_FOUND");
    expect((await statMedia(b.companyId, theirs.path)).size).toBe(3);
  });
});
