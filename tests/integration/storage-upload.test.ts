import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as postMessage } from "@/app/api/messages/[id]/route";
import { getDb } from "@/db";
import { tickets } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { MAX_UPLOAD_BYTES } from "@/lib/messages/send-from-request";
import { setStorageDriver } from "@/lib/storage";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL } from "../helpers/http";
import { DRIVERS, readBack, spyOnPuts, storedKeys, useStorageDriver } from "../helpers/storage-drivers";

// A 50 MB upload through the agent's send route (POST /api/messages/{ticketId}, multipart `medias`)
// on each driver: the file reaches the driver as a stream (never whole in memory), is read back
// identical through GET /api/media, and one byte over the limit answers 413 leaving nothing stored.
const MB = 1024 * 1024;
let a: Tenant;
let token: string;
let ticketId: number;
beforeAll(async () => {
  a = await createTenant({ chatbot: false });
  token = (await loginAs(a.admin)).token;
  const wid = randomBytes(8).toString("hex");
  const message = { wid, chatId: "5541999990001", isGroup: false, from: { number: "5541999990001", name: "Cliente" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() };
  ticketId = (await ingestInbound(getDb(), { companyId: a.companyId, whatsappId: a.whatsappId, message })).ticketId;
  await getDb().update(tickets).set({ status: "open", userId: a.admin.id }).where(eq(tickets.id, ticketId));
});

/** A multipart body of one `medias` file of `size` pseudo-random bytes, made as it is sent; `sha256` once read. */
function uploadBody(size: number) {
  const boundary = `----storage${randomBytes(8).toString("hex")}`;
  const hash = createHash("sha256");
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nsegue o vídeo\r\n`);
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="vídeo.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    for (let sent = 0; sent < size; ) {
      const chunk = randomBytes(Math.min(MB, size - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const req = new NextRequest(new URL(`/api/messages/${ticketId}`, BASE_URL), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
  return { req, sha256: () => hash.digest("hex") };
}

const keysOfCompany = () => storedKeys(`${a.companyId}/`);

describe.each(DRIVERS)("uploads on %s", (driver) => {
  useStorageDriver(driver);

  it("streams a 50 MB file into the store and reads it back identical", async () => {
    const puts = spyOnPuts();
    const upload = uploadBody(50 * MB);
    const res = await postMessage(upload.req, { params: Promise.resolve({ id: String(ticketId) }) });
    setStorageDriver(null);
    expect(res.status).toBe(200);
    // the one file reached the driver as a stream, not as bytes read whole (process RSS is too noisy
    // to assert on with the test generating 50 MB in the same process)
    expect(puts).toEqual(["stream"]);

    const sent = (await res.json()) as { messages: { mediaUrl: string }[] };
    expect(sent.messages).toHaveLength(1);
    // "vídeo.mp4" is stored under its safe name (lib/storage/keys.ts)
    const key = (await keysOfCompany()).find((k) => k.endsWith("-vi_deo.mp4"));
    expect(key).toBeDefined();
    const read = await readBack(key!, token);
    expect(read.headers.get("content-length")).toBe(String(50 * MB));
    expect(read.sha256).toBe(upload.sha256());
  });

  it("one byte over the limit: 413 ERR_MEDIA_TOO_LARGE, the partial object deleted", async () => {
    const before = await keysOfCompany();
    const res = await postMessage(uploadBody(MAX_UPLOAD_BYTES + 1).req, { params: Promise.resolve({ id: String(ticketId) }) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "ERR_MEDIA_TOO_LARGE" });
    expect(await keysOfCompany()).toEqual(before);
  });
});
