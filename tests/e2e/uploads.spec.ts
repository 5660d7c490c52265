import { randomBytes } from "node:crypto";
import http from "node:http";
import type { APIRequestContext } from "@playwright/test";
import { getDb } from "@/db";
import { contacts, tickets, whatsapps } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";

// Issue 34 §4.1 through the production server: an upload over 10 MB used to answer 400
// ERR_INVALID_BODY, as Next's proxy kept only the first 10 MB of every body. Multipart API requests
// now skip the proxy (proxy.ts): a 20 MB file reaches storage whole; a request whose Content-Length
// passes the route's total answers 413 before its body is sent; the bad-escape check still holds
// (a path with a `%` still runs the proxy).
const MB = 1024 * 1024;
const MEDIA_TOTAL = 101 * MB; // MEDIA_UPLOAD.maxRequestBytes: two 50 MB files and the form's room

/** A company with an open ticket of its admin's on a connection, and the admin's bearer header. */
async function ticketOfOwn(request: APIRequestContext) {
  const t = await createE2eTenant();
  const db = getDb();
  const companyId = t.company.id;
  const [conn] = await db.insert(whatsapps).values({ companyId, name: `Uploads ${randomBytes(3).toString("hex")}`, provider: "sandbox" }).returning();
  const [contact] = await db.insert(contacts).values({ companyId, name: "Cliente", number: `55119${String(Date.now()).slice(-8)}` }).returning();
  const [ticket] = await db.insert(tickets).values({ companyId, contactId: contact.id, whatsappId: conn.id, userId: t.admin.id, status: "open" }).returning();
  const login = await request.post("/api/auth/login", { data: { email: t.admin.email, password: t.admin.password } });
  return { ticketId: ticket.id, auth: { authorization: `Bearer ${(await login.json()).token}` } };
}

/** Sends headers announcing `length` bytes and only the first KB; resolves with the answer, if one comes before `waitMs`. */
function announce(url: string, length: number, headers: Record<string, string>, waitMs = 10_000) {
  return new Promise<{ status: number; body: string } | "no answer">((resolve) => {
    const req = http.request(url, { method: "POST", headers: { ...headers, "content-type": "multipart/form-data; boundary=x", "content-length": String(length) } });
    const timer = setTimeout(() => (req.destroy(), resolve("no answer")), waitMs);
    req.on("response", (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => (clearTimeout(timer), req.destroy(), resolve({ status: res.statusCode ?? 0, body })));
    });
    req.on("error", () => {}); // the socket is destroyed either way
    req.write(Buffer.alloc(1024, 0x61));
  });
}

test("a 20 MB file to the message media route is stored whole and reads back", async ({ request }) => {
  const { ticketId, auth } = await ticketOfOwn(request);
  const video = randomBytes(20 * MB);
  const sent = await request.post(`/api/messages/${ticketId}`, {
    headers: auth,
    multipart: { body: "segue o vídeo", medias: { name: "video.mp4", mimeType: "video/mp4", buffer: video } },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const [message] = (await sent.json()).messages as { mediaUrl: string }[];
  const read = await request.get(message.mediaUrl, { headers: auth });
  expect(read.status()).toBe(200);
  const back = await read.body();
  expect(back.length).toBe(20 * MB);
  expect(back.equals(video)).toBe(true);
});

test("a Content-Length over the route's total answers 413 with the limit before the body is sent", async ({ request, baseURL }) => {
  const { ticketId, auth } = await ticketOfOwn(request);
  const started = Date.now();
  const answer = await announce(`${baseURL}/api/messages/${ticketId}`, 200 * MB, auth);
  expect(answer).toEqual({ status: 413, body: JSON.stringify({ error: "ERR_PAYLOAD_TOO_LARGE", limit: MEDIA_TOTAL }) });
  expect(Date.now() - started).toBeLessThan(5_000);
});

test("a bad percent-escape in an upload route's path still answers 400 ERR_INVALID_PATH", async ({ request }) => {
  const { auth } = await ticketOfOwn(request);
  const form = { body: "oi", medias: { name: "a.txt", mimeType: "text/plain", buffer: Buffer.from("a") } };
  for (const [method, path] of [["POST", "/api/messages/%ff"], ["PUT", "/api/quick-messages/%E0%A4%A"]]) {
    const res = await request.fetch(path, { method, headers: auth, multipart: form });
    expect(res.status(), `${method} ${path}`).toBe(400);
    expect(await res.json(), `${method} ${path}`).toEqual({ error: "ERR_INVALID_PATH" });
  }
});
