import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { apiIdempotencyKeys, messages, whatsapps } from "@/db/schema";
import { claimIdempotencyKey } from "@/lib/external-api/idempotency";
import { createTenant, type Tenant } from "../helpers/factories";
import { mediaForm, newNumber, sendApi, tokenFor } from "./external-api-helpers";

// POST /api/messages/send: Idempotency-Key (one send per key and connection), the per-connection
// rate limit, and the limit on failed token attempts per client address
let storageDir: string;
const tenant = () => createTenant({ chatbot: false, plan: { useExternalApi: true } });
const sentOf = (t: Tenant) => getDb().$count(messages, and(eq(messages.companyId, t.companyId), eq(messages.fromMe, true)));
const filesOf = (t: Tenant) => fs.readdir(path.join(storageDir, String(t.companyId)), { recursive: true, withFileTypes: true }).then(
  (all) => all.filter((f) => f.isFile()),
  () => [],
);

beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "external-api-limits-"));
  process.env.STORAGE_DIR = storageDir;
});
afterAll(async () => {
  await fs.rm(storageDir, { recursive: true, force: true });
});

describe("Idempotency-Key", () => {
  it("the same key twice: one message, the same answer", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    const key = randomBytes(8).toString("hex");
    const number = newNumber();
    const first = await sendApi({ token, key, json: { number, body: "uma vez" } });
    const again = await sendApi({ token, key, json: { number, body: "uma vez" } });
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(await sentOf(t)).toBe(1);
    // another key sends again
    await sendApi({ token, key: `${key}-2`, json: { number, body: "outra" } });
    expect(await sentOf(t)).toBe(2);
  });

  it("three concurrent requests with one key: one message, all answer it", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    const key = randomBytes(8).toString("hex");
    const number = newNumber();
    const form = () => mediaForm(number, "foto", [{ name: "a.png", type: "image/png" }]);
    const answers = await Promise.all([sendApi({ token, key, form: form() }), sendApi({ token, key, form: form() }), sendApi({ token, key, form: form() })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(answers[1].body).toEqual(answers[0].body);
    expect(answers[2].body).toEqual(answers[0].body);
    expect(await sentOf(t)).toBe(answers[0].body.messageIds.length);
    // the replays' files were stored as they came and deleted: only the sent one is kept
    expect(await filesOf(t)).toHaveLength(1);
  });

  it("the key is per connection: another connection's same key sends", async () => {
    const [t1, t2] = await Promise.all([tenant(), tenant()]);
    const key = "shared-key";
    const r1 = await sendApi({ token: await tokenFor(t1.whatsappId), key, json: { number: newNumber(), body: "1" } });
    const r2 = await sendApi({ token: await tokenFor(t2.whatsappId), key, json: { number: newNumber(), body: "2" } });
    expect(r2.body.ticketId).not.toBe(r1.body.ticketId);
    expect([await sentOf(t1), await sentOf(t2)]).toEqual([1, 1]);
  });

  it("a failed send frees its key: the retry sends", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    await getDb().update(whatsapps).set({ apiRateLimit: 0 }).where(eq(whatsapps.id, t.whatsappId));
    expect((await sendApi({ token, key: "k1", json: { number: newNumber(), body: "x" } })).status).toBe(429);
    await getDb().update(whatsapps).set({ apiRateLimit: 60 }).where(eq(whatsapps.id, t.whatsappId));
    expect((await sendApi({ token, key: "k1", json: { number: newNumber(), body: "x" } })).status).toBe(200);
    expect(await sentOf(t)).toBe(1);
  });

  it("a key whose first request is still at work answers 409 ERR_IDEMPOTENCY_IN_PROGRESS after a short wait", async () => {
    const t = await tenant();
    const scope = { companyId: t.companyId, whatsappId: t.whatsappId, key: "stuck" };
    const held = await claimIdempotencyKey(getDb(), scope);
    expect(held).toHaveProperty("id");
    const res = await sendApi({ token: await tokenFor(t.whatsappId), key: "stuck", json: { number: newNumber(), body: "x" } });
    expect(res).toMatchObject({ status: 409, body: { error: "ERR_IDEMPOTENCY_IN_PROGRESS" } });
    expect(await sentOf(t)).toBe(0);
  });

  it("expired keys are swept: the key sends again after 24 h", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    await sendApi({ token, key: "old", json: { number: newNumber(), body: "x" } });
    await getDb().update(apiIdempotencyKeys).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiIdempotencyKeys.whatsappId, t.whatsappId));
    await sendApi({ token, key: "old", json: { number: newNumber(), body: "x" } });
    expect(await sentOf(t)).toBe(2);
    expect(await getDb().$count(apiIdempotencyKeys, eq(apiIdempotencyKeys.whatsappId, t.whatsappId))).toBe(1);
  });
});

describe("Idempotency-Key with another request: 422 ERR_IDEMPOTENCY_KEY_REUSED (issue 34 §7.5)", () => {
  const reused = { status: 422, body: { error: "ERR_IDEMPOTENCY_KEY_REUSED" } };
  const bytesForm = (number: string, fill: number, body = "foto") => {
    const form = new FormData();
    form.append("number", number);
    form.append("body", body);
    form.append("medias", new Blob([new Uint8Array(64).fill(fill)], { type: "image/png" }), "a.png");
    return form;
  };

  it("JSON: the same body (keys in another order) replays; another body is refused and sends nothing", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    const number = newNumber();
    const first = await sendApi({ token, key: "j1", json: { number, body: "pedido 1" } });
    expect(first.status).toBe(200);
    expect(await sendApi({ token, key: "j1", json: { body: "pedido 1", number } })).toMatchObject({ status: 200, body: first.body });
    expect(await sendApi({ token, key: "j1", json: { number, body: "pedido 2" } })).toMatchObject(reused);
    expect(await sendApi({ token, key: "j1", json: { number: newNumber(), body: "pedido 1" } })).toMatchObject(reused);
    expect(await sentOf(t)).toBe(1);
  });

  it("multipart: the same form replays; other file bytes or other fields are refused, their files deleted", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    const number = newNumber();
    const first = await sendApi({ token, key: "m1", form: bytesForm(number, 1) });
    expect(first.status).toBe(200);
    expect(await sendApi({ token, key: "m1", form: bytesForm(number, 1) })).toMatchObject({ status: 200, body: first.body });
    expect(await sendApi({ token, key: "m1", form: bytesForm(number, 2) })).toMatchObject(reused);
    expect(await sendApi({ token, key: "m1", form: bytesForm(number, 1, "outra legenda") })).toMatchObject(reused);
    expect(await sendApi({ token, key: "m1", json: { number, body: "foto" } })).toMatchObject(reused);
    expect(await sentOf(t)).toBe(1);
    expect(await filesOf(t)).toHaveLength(1);
  });

  it("a key whose first request is still at work refuses another request at once", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    await claimIdempotencyKey(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, key: "busy", requestHash: "f".repeat(64) });
    // not 409 after the 5 s wait for the first answer: that answer would not be this request's
    expect(await sendApi({ token, key: "busy", json: { number: newNumber(), body: "x" } })).toMatchObject(reused);
  });

  it("a key stored before requests were hashed (no hash) replays any request", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    const first = await sendApi({ token, key: "old-row", json: { number: newNumber(), body: "antes" } });
    await getDb().update(apiIdempotencyKeys).set({ requestHash: null }).where(eq(apiIdempotencyKeys.whatsappId, t.whatsappId));
    expect(await sendApi({ token, key: "old-row", json: { number: newNumber(), body: "depois" } })).toMatchObject({ status: 200, body: first.body });
    expect(await sentOf(t)).toBe(1);
  });
});

describe("rate limits", () => {
  it("the connection's apiRateLimit a minute, then 429 with Retry-After; nothing more is sent", async () => {
    const t = await tenant();
    const token = await tokenFor(t.whatsappId);
    await getDb().update(whatsapps).set({ apiRateLimit: 3 }).where(eq(whatsapps.id, t.whatsappId));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await sendApi({ token, json: { number: newNumber(), body: `m${i}` } }));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].body).toMatchObject({ error: "ERR_TOO_MANY_ATTEMPTS" });
    const retry = Number(answers[3].headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(await sentOf(t)).toBe(3);
  });

  it("failed token attempts from one address: 401 until the login-like bound (100 in 15 min), then 429; other addresses unaffected", async () => {
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) statuses.push((await sendApi({ token: `bad-${i}`, address, json: { number: newNumber(), body: "x" } })).status);
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    const refused = await sendApi({ token: "bad-x", address, json: { number: newNumber(), body: "x" } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await sendApi({ token: "bad-y", address: "10.250.0.1", json: { number: newNumber(), body: "x" } })).status).toBe(401);
    // a valid token is not refused by its address's failures (only failures count)
    const t = await tenant();
    expect((await sendApi({ token: await tokenFor(t.whatsappId), address, json: { number: newNumber(), body: "ok" } })).status).toBe(200);
  });
});
