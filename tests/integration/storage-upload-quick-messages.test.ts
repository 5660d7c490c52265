import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putQuick } from "@/app/api/quick-messages/[id]/route";
import { POST as postQuick } from "@/app/api/quick-messages/route";
import { getDb } from "@/db";
import { quickMessages } from "@/db/schema";
import { QUICK_MESSAGE_MAX_BYTES } from "@/lib/quick-messages/media-name";
import { setStorageDriver } from "@/lib/storage";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL } from "../helpers/http";
import { DRIVERS, readBack, spyOnPuts, storedKeys, useStorageDriver } from "../helpers/storage-drivers";

// Quick message media (POST /api/quick-messages, PUT /api/quick-messages/{id}, multipart `file`, up
// to 50 MB) on each driver: the file reaches the driver as a stream, reads back identical through
// GET /api/media; one byte over answers 413 and a refused edit leaves nothing stored.
const MB = 1024 * 1024;
let a: Tenant;
let token: string;
let otherToken: string;
beforeAll(async () => {
  a = await createTenant();
  const [other] = await createUsers(a.companyId, 1, "Colega");
  [token, otherToken] = (await Promise.all([loginAs(a.agent), loginAs(other)])).map((s) => s.token);
});

/** A multipart body (`shortcode`, then a `file` of `size` pseudo-random bytes) made as it is sent; `sha256` once read. */
function quickBody(method: "POST" | "PUT", url: string, auth: string, size: number, shortcode: string) {
  const boundary = `----quick${randomBytes(8).toString("hex")}`;
  const hash = createHash("sha256");
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="shortcode"\r\n\r\n${shortcode}\r\n`);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="vídeo da loja.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    for (let sent = 0; sent < size; ) {
      const chunk = randomBytes(Math.min(MB, size - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const req = new NextRequest(new URL(url, BASE_URL), {
    method,
    headers: { authorization: `Bearer ${auth}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
  return { req, sha256: () => hash.digest("hex") };
}

const code = () => `q${randomBytes(4).toString("hex")}`;
const create = (size: number, shortcode = code()) => quickBody("POST", "/api/quick-messages", token, size, shortcode);
const noParams = { params: Promise.resolve({}) };
const idParams = (id: number) => ({ params: Promise.resolve({ id: String(id) }) });
const keysOfCompany = () => storedKeys(`${a.companyId}/`);
const sha256Of = async (key: string) => (await readBack(key, token)).sha256;

describe.each(DRIVERS)("quick message media on %s", (driver) => {
  useStorageDriver(driver);

  it("streams a 50 MB file into the store and reads it back identical", async () => {
    const puts = spyOnPuts();
    const upload = create(QUICK_MESSAGE_MAX_BYTES);
    const res = await postQuick(upload.req, noParams);
    setStorageDriver(null);
    expect(res.status).toBe(200);
    expect(puts).toEqual(["stream"]);
    const body = (await res.json()) as { mediaPath: string; mediaName: string };
    expect(body.mediaName).toBe("vídeo_da_loja.mp4");
    expect(await keysOfCompany()).toContain(body.mediaPath);
    expect(await sha256Of(body.mediaPath)).toBe(upload.sha256());
  });

  it("one byte over the limit: 413 ERR_MEDIA_TOO_LARGE, nothing stored and no quick message", async () => {
    const before = await keysOfCompany();
    const shortcode = code();
    const res = await postQuick(create(QUICK_MESSAGE_MAX_BYTES + 1, shortcode).req, noParams);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "ERR_MEDIA_TOO_LARGE" });
    expect(await keysOfCompany()).toEqual(before);
    expect(await getDb().select().from(quickMessages).where(eq(quickMessages.shortcode, shortcode))).toEqual([]);
  });

  it("an edit replaces the file (the old one deleted); a refused edit keeps nothing it stored", async () => {
    const first = (await (await postQuick(create(3 * MB).req, noParams)).json()) as { id: number; mediaPath: string };
    const edit = quickBody("PUT", `/api/quick-messages/${first.id}`, token, MB, code());
    const edited = await putQuick(edit.req, idParams(first.id));
    expect(edited.status).toBe(200);
    const after = (await edited.json()) as { mediaPath: string };
    expect(await keysOfCompany()).toContain(after.mediaPath);
    expect(await keysOfCompany()).not.toContain(first.mediaPath);
    expect(await sha256Of(after.mediaPath)).toBe(edit.sha256());

    // another agent does not see a personal quick message: refused after the file was stored
    const before = await keysOfCompany();
    const refused = await putQuick(quickBody("PUT", `/api/quick-messages/${first.id}`, otherToken, MB, code()).req, idParams(first.id));
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ error: "ERR_NO_QUICK_MESSAGE_FOUND" });
    expect(await keysOfCompany()).toEqual(before);
  });
});
