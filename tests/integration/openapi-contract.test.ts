import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { POST as uploadRoute } from "@/app/api/announcements/[id]/media-upload/route";
import { GET as listTickets } from "@/app/api/tickets/route";
import { getDb } from "@/db";
import { companies, users, whatsapps } from "@/db/schema";
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from "@/lib/announcements/image-type";
import { claimIdempotencyKey } from "@/lib/external-api/idempotency";
import { createTenant, loginAs, suffix } from "../helpers/factories";
import { BASE_URL, call } from "../helpers/http";
import { newNumber, sendApi, tokenFor } from "./external-api-helpers";
import { contractProblem } from "./openapi-contract";

// The refusals the route sweep does not provoke (its answers are checked in route-sweep/send.ts),
// each answered by the product and checked against /api/openapi.json: status listed, body of the
// documented schema, documented headers there.
const SEND = ["POST", "/api/messages/send"] as const;
function asDocumented(method: string, pattern: string, res: Parameters<typeof contractProblem>[2]) {
  const problem = contractProblem(method, pattern, res);
  if (problem) expect.fail(problem);
}
const tenant = () => createTenant({ chatbot: false, plan: { useExternalApi: true } });
const text = () => ({ number: newNumber(), body: "contrato" });

let storageDir: string;
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "openapi-contract-"));
  process.env.STORAGE_DIR = storageDir;
});
afterAll(() => fs.rm(storageDir, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

/** A multipart request of one file of `size` zero bytes in `field`, made as it is sent. */
function uploadOfSize(url: string, token: string, field: string, size: number) {
  const boundary = `----contract${suffix()}`;
  async function* parts() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024);
    for (let sent = 0; sent < size; sent += chunk.length) yield sent + chunk.length > size ? chunk.subarray(0, size - sent) : chunk;
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return new NextRequest(new URL(url, BASE_URL), {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": `multipart/form-data; boundary=${boundary}` },
    body: Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1] & { duplex: "half" });
}

describe("answers the route sweep does not provoke, as documented", () => {
  it("402 ERR_SUBSCRIPTION_EXPIRED with dueDate: on the send, on login and on a session route", async () => {
    const t = await tenant();
    const session = await loginAs(t.admin);
    // the due date passes once the admin is signed in: a session route refuses then too
    await getDb().update(companies).set({ dueDate: "2020-01-31" }).where(eq(companies.id, t.companyId));
    const sent = await sendApi({ token: await tokenFor(t.whatsappId), json: text() });
    expect(sent).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2020-01-31" } });
    asDocumented(...SEND, sent);
    const signIn = await call(login, { method: "POST", url: "/api/auth/login", body: { email: t.admin.email, password: t.admin.password } });
    expect(signIn.status).toBe(402);
    asDocumented("POST", "/api/auth/login", signIn);
    const listed = await call(listTickets, { url: "/api/tickets", token: session.token });
    expect(listed.status).toBe(402);
    asDocumented("GET", "/api/tickets", listed);
  });

  it("409 ERR_IDEMPOTENCY_IN_PROGRESS: a key whose first request is still at work", async () => {
    const t = await tenant();
    await claimIdempotencyKey(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, key: "at-work" });
    // the wait for the first request is 5 s of the clock: the clock is moved on instead of waited
    vi.useFakeTimers({ toFake: ["Date"], now: new Date() });
    const start = Date.now();
    let settled = false;
    const answer = sendApi({ token: await tokenFor(t.whatsappId), key: "at-work", json: text() }).finally(() => (settled = true));
    for (let step = 1; !settled; step++) {
      vi.setSystemTime(start + step * 6_000);
      await new Promise((r) => setTimeout(r, 10));
    }
    const res = await answer;
    expect(res).toMatchObject({ status: 409, body: { error: "ERR_IDEMPOTENCY_IN_PROGRESS" } });
    asDocumented(...SEND, res);
  });

  it("422 ERR_IDEMPOTENCY_KEY_REUSED: an Idempotency-Key sent again with another body", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    const number = newNumber();
    expect((await sendApi({ token, key: "once", json: { number, body: "primeira" } })).status).toBe(200);
    const res = await sendApi({ token, key: "once", json: { number, body: "segunda" } });
    expect(res).toMatchObject({ status: 422, body: { error: "ERR_IDEMPOTENCY_KEY_REUSED" } });
    asDocumented(...SEND, res);
  });

  it("413 ERR_MEDIA_TOO_LARGE: a file one byte over an upload's limit (an announcement's image, 5 MB)", async () => {
    const t = await tenant();
    await getDb().update(users).set({ super: true }).where(eq(users.id, t.admin.id));
    const { token } = await loginAs(t.admin);
    const url = "/api/announcements/1/media-upload";
    const res = await uploadRoute(uploadOfSize(url, token, "file", ANNOUNCEMENT_MEDIA_MAX_BYTES + 1), { params: Promise.resolve({ id: "1" }) });
    const tooLarge = { status: res.status, headers: res.headers, body: await res.json() };
    expect(tooLarge).toMatchObject({ status: 413, body: { error: "ERR_MEDIA_TOO_LARGE" } });
    asDocumented("POST", "/api/announcements/[id]/media-upload", tooLarge);
  });

  it("429 ERR_TOO_MANY_ATTEMPTS with retryAfter and Retry-After: the send's rate limit and login's", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    await getDb().update(whatsapps).set({ apiRateLimit: 1 }).where(eq(whatsapps.id, t.whatsappId));
    expect((await sendApi({ token, json: text() })).status).toBe(200);
    const limited = await sendApi({ token, json: text() });
    expect(limited).toMatchObject({ status: 429, body: { error: "ERR_TOO_MANY_ATTEMPTS", retryAfter: expect.any(Number) } });
    asDocumented(...SEND, limited);
    const email = `nobody-${suffix()}@test.example`;
    const attempt = () => call(login, { method: "POST", url: "/api/auth/login", body: { email, password: "wrong" } });
    for (let i = 0; i < 9; i++) expect((await attempt()).status).toBe(401);
    asDocumented("POST", "/api/auth/login", await attempt());
    const refused = await attempt();
    expect(refused.status).toBe(429);
    asDocumented("POST", "/api/auth/login", refused);
  });
});
