import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as importContacts } from "@/app/api/contact-lists/[id]/upload/route";
import { POST as postMessage } from "@/app/api/messages/[id]/route";
import { GET as listUsers } from "@/app/api/users/route";
import { DEFAULT_MAX_BODY_BYTES, FORM_ROOM_BYTES, readForm } from "@/lib/api/body";
import { route } from "@/lib/api/route";
import { IMPORT_MAX_BYTES } from "@/lib/contacts/read-import-file";
import { MEDIA_UPLOAD } from "@/lib/messages/send-from-request";
import { readUploadStream } from "@/lib/storage/upload-stream";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { BASE_URL } from "../helpers/http";
import { storedKeys, useStorageDriver } from "../helpers/storage-drivers";

// The route wrapper's total per request (issue 34 §4.1): a Content-Length over the route's total
// answers 413 ERR_PAYLOAD_TOO_LARGE with the limit before a byte is read (and before
// authentication); a body without one fails the same way once past the total, whichever reader
// reads it (the handler's own, readForm, the streaming upload). Through the real server, where
// multipart requests skip proxy.ts: tests/e2e/uploads.spec.ts.
const MB = 1024 * 1024;
const BOUNDARY = "limit-test";
const ctx = (params: Record<string, string> = {}) => ({ params: Promise.resolve(params) });

/** `size` bytes of a multipart body, pulled 64 KB at a time and only when read: `read()` tells how much was. */
function body(size: number) {
  let read = 0;
  const head = new TextEncoder().encode(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n\r\n`);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(c) {
        if (read >= size) return c.close();
        const chunk = read === 0 ? head : new Uint8Array(Math.min(64 * 1024, size - read));
        read += chunk.length;
        c.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, read: () => read };
}

/** A multipart POST of `size` bytes; `length` sends a Content-Length (the body's own, or the one given). */
function post(path: string, size: number, opts: { length?: number | true; token?: string } = {}) {
  const b = body(size);
  const headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${BOUNDARY}` };
  if (opts.length !== undefined) headers["content-length"] = String(opts.length === true ? size : opts.length);
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  const req = new NextRequest(new URL(path, BASE_URL), { method: "POST", headers, body: b.stream, duplex: "half" });
  return { req, read: b.read };
}

const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

// a signed-in route of 1000 bytes at most that reads its body whole
const echo = route({ maxBodyBytes: 1000 }, async ({ req }) => ({ size: (await req.arrayBuffer()).byteLength }));
const echoPublic = route({ access: "public", maxBodyBytes: 1000 }, async ({ req }) => ({ size: (await req.arrayBuffer()).byteLength }));
const formPublic = route({ access: "public", maxBodyBytes: 1000 }, async ({ req }) => ({ fields: [...(await readForm(req)).keys()] }));

let a: Tenant;
let token: string;
beforeAll(async () => {
  a = await createTenant({ chatbot: false });
  token = (await loginAs(a.admin)).token;
});

describe("the route wrapper's total per request", () => {
  it("a Content-Length over the total: 413 with the limit, before authentication and without reading the body", async () => {
    const sent = post("/api/echo", 5000, { length: 1001 });
    expect(await answer(await echo(sent.req, ctx()))).toEqual({ status: 413, body: { error: "ERR_PAYLOAD_TOO_LARGE", limit: 1000 } });
    expect(sent.read()).toBe(0);
  });

  it("a Content-Length within it: the handler reads the body as sent", async () => {
    const sent = post("/api/echo", 1000, { length: true });
    expect(await answer(await echoPublic(sent.req, ctx()))).toEqual({ status: 200, body: { size: 1000 } });
  });

  it("no Content-Length: the body fails with the same 413 once past the total, whoever reads it", async () => {
    expect(await answer(await echoPublic(post("/api/echo", 1000).req, ctx()))).toEqual({ status: 200, body: { size: 1000 } });
    const over = post("/api/echo", 200_000);
    expect(await answer(await echoPublic(over.req, ctx()))).toEqual({ status: 413, body: { error: "ERR_PAYLOAD_TOO_LARGE", limit: 1000 } });
    // the read stopped at the chunk that crossed the limit
    expect(over.read()).toBeLessThan(200_000);
    // readForm says so too, rather than ERR_INVALID_BODY
    expect(await answer(await formPublic(post("/api/form", 5000).req, ctx()))).toEqual({ status: 413, body: { error: "ERR_PAYLOAD_TOO_LARGE", limit: 1000 } });
  });

  it("routes declare their totals: uploads their files plus the form's room, others 10 MB", () => {
    expect(postMessage.meta.maxBodyBytes).toBe(MEDIA_UPLOAD.maxRequestBytes);
    expect(MEDIA_UPLOAD.maxRequestBytes).toBe(100 * MB + FORM_ROOM_BYTES);
    expect(importContacts.meta.maxBodyBytes).toBe(IMPORT_MAX_BYTES + FORM_ROOM_BYTES);
    expect(listUsers.meta.maxBodyBytes).toBe(DEFAULT_MAX_BODY_BYTES);
  });

  it("the message media route: a Content-Length over 101 MB answers 413 at once, the body unread", async () => {
    const sent = post("/api/messages/1", 1 * MB, { length: 200 * MB, token });
    expect(await answer(await postMessage(sent.req, ctx({ id: "1" })))).toEqual({
      status: 413,
      body: { error: "ERR_PAYLOAD_TOO_LARGE", limit: MEDIA_UPLOAD.maxRequestBytes },
    });
    expect(sent.read()).toBe(0);
  });

  it("a contact import without Content-Length past its total: 413, not a malformed form", async () => {
    const res = await importContacts(post("/api/contact-lists/1/upload", IMPORT_MAX_BYTES + FORM_ROOM_BYTES + 1, { token }).req, ctx({ id: "1" }));
    expect(await answer(res)).toEqual({ status: 413, body: { error: "ERR_PAYLOAD_TOO_LARGE", limit: IMPORT_MAX_BYTES + FORM_ROOM_BYTES } });
  });
});

describe("a streamed upload past its total", () => {
  useStorageDriver("disk");
  const limits = { ...MEDIA_UPLOAD, fileFields: ["file"], maxRequestBytes: 100_000 };
  const upload = route({ upload: limits }, async ({ ctx, req }) => (await readUploadStream(req, ctx.companyId, limits)).files.length);

  it("answers 413 with the limit and keeps nothing of the file it was storing", async () => {
    const res = await upload(post("/api/upload", 300_000, { token }).req, ctx());
    expect(await answer(res)).toEqual({ status: 413, body: { error: "ERR_PAYLOAD_TOO_LARGE", limit: 100_000 } });
    expect(await storedKeys(`${a.companyId}/`)).toEqual([]);
  });
});
