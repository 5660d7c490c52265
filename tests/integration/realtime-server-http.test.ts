// The HTTP API of the embedded realtime server: the Pusher request signature, the replay window and
// Pusher's size limits. Hand-made requests are signed here with node:crypto, independently of the server.
import { createHash, createHmac, randomBytes } from "node:crypto";
import Pusher from "pusher";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRealtimeServer, type RealtimeServer } from "@/workers/realtime/server";

const app = { appId: "77", key: "key-" + randomBytes(6).toString("hex"), secret: randomBytes(24).toString("hex") };
let server: RealtimeServer;
let sdk: Pusher;

beforeAll(async () => {
  server = await startRealtimeServer(app);
  sdk = new Pusher({ ...app, host: "127.0.0.1", port: String(server.port), useTLS: false });
});
afterAll(() => server.stop());

type Signed = { method: "GET" | "POST"; path: string; body?: string; timestamp?: number; md5?: string; params?: Record<string, string> };

/** Signs a request the way the Pusher docs describe, with knobs to get each part wrong. */
function signedUrl({ method, path, body, timestamp, md5, params = {} }: Signed): string {
  const query: Record<string, string> = {
    ...params,
    auth_key: app.key,
    auth_timestamp: String(timestamp ?? Math.floor(Date.now() / 1000)),
    auth_version: "1.0",
  };
  if (body !== undefined) query.body_md5 = md5 ?? createHash("md5").update(body).digest("hex");
  const sorted = Object.keys(query)
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join("&");
  const signature = createHmac("sha256", app.secret).update(`${method}\n${path}\n${sorted}`).digest("hex");
  return `http://127.0.0.1:${server.port}${path}?${sorted}&auth_signature=${signature}`;
}

async function send(request: Signed & { sentBody?: string }) {
  const res = await fetch(signedUrl(request), {
    method: request.method,
    body: request.sentBody ?? request.body,
    headers: request.body ? { "content-type": "application/json" } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const eventsPath = `/apps/${app.appId}/events`;
const event = (data = "{}") => JSON.stringify({ name: "ticket", channels: ["company-1"], data });

async function statusOf(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return 200;
  } catch (error) {
    return (error as { status?: number }).status;
  }
}

describe("embedded realtime server HTTP API", () => {
  it("accepts a correctly signed publish and answers {}", async () => {
    expect(await send({ method: "POST", path: eventsPath, body: event() })).toEqual({ status: 200, body: {} });
    expect(await statusOf(sdk.trigger("company-1", "ticket", { id: 1 }))).toBe(200);
  });

  it("refuses a publish signed with the wrong secret", async () => {
    const forger = new Pusher({ ...app, secret: randomBytes(24).toString("hex"), host: "127.0.0.1", port: String(server.port), useTLS: false });
    expect(await statusOf(forger.trigger("company-1", "ticket", { id: 1 }))).toBe(401);
  });

  it("refuses an unknown auth_key", async () => {
    const stranger = new Pusher({ ...app, key: "someone-else", host: "127.0.0.1", port: String(server.port), useTLS: false });
    expect(await statusOf(stranger.trigger("company-1", "ticket", {}))).toBe(401);
  });

  it("refuses a correctly signed request whose timestamp is 20 minutes old", async () => {
    const stale = Math.floor(Date.now() / 1000) - 20 * 60;
    const answer = await send({ method: "POST", path: eventsPath, body: event(), timestamp: stale });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/timestamp expired.*600s/i);
  });

  it("refuses a body that does not match body_md5, and a body swapped after signing", async () => {
    expect((await send({ method: "POST", path: eventsPath, body: event(), md5: "0".repeat(32) })).status).toBe(401);
    const swapped = await send({ method: "POST", path: eventsPath, body: event(), sentBody: event('{"id":666}') });
    expect(swapped.status).toBe(401);
  });

  it("refuses a signature over another path", async () => {
    const url = signedUrl({ method: "POST", path: eventsPath, body: event() }).replace("/events", "/batch_events");
    const res = await fetch(url, { method: "POST", body: event() });
    expect(res.status).toBe(401);
  });

  it("refuses event data over 10 KB with 413, through the SDK", async () => {
    const big = "x".repeat(10 * 1024 + 1);
    expect(await statusOf(sdk.trigger("company-1", "ticket", big))).toBe(413);
    expect(await statusOf(sdk.trigger("company-1", "ticket", "x".repeat(10 * 1024)))).toBe(200);
    expect(await statusOf(sdk.triggerBatch([{ channel: "company-1", name: "ticket", data: big }]))).toBe(413);
  });

  it("refuses more than 100 channels and more than 10 batch events", async () => {
    const channels = Array.from({ length: 101 }, (_, i) => `c-${i}`);
    const body = JSON.stringify({ name: "ticket", channels, data: "{}" });
    expect((await send({ method: "POST", path: eventsPath, body })).status).toBe(400);
    const batch = Array.from({ length: 11 }, (_, i) => ({ channel: `c-${i}`, name: "ticket", data: "{}" }));
    expect(await statusOf(sdk.triggerBatch(batch))).toBe(400);
  });

  it("refuses malformed events: reserved names, bad channels, bad socket_id, no data", async () => {
    for (const bad of [
      { name: "pusher:ping", channels: ["a"], data: "{}" },
      { name: "ticket", channels: ["bad channel!"], data: "{}" },
      { name: "ticket", channels: ["a"], data: "{}", socket_id: "abc" },
      { name: "ticket", channels: ["a"] },
    ]) {
      expect((await send({ method: "POST", path: eventsPath, body: JSON.stringify(bad) })).status).toBe(400);
    }
  });

  it("answers 404 for another app id and 200 on /health without auth", async () => {
    expect((await send({ method: "POST", path: "/apps/78/events", body: event() })).status).toBe(404);
    const health = await fetch(`http://127.0.0.1:${server.port}/health`);
    expect(health.status).toBe(200);
  });

  it("answers channel queries and refuses user data on non-presence channels", async () => {
    const info = await send({ method: "GET", path: `/apps/${app.appId}/channels/company-5` });
    expect(info).toEqual({ status: 200, body: { occupied: false, subscription_count: 0 } });
    const users = await send({ method: "GET", path: `/apps/${app.appId}/channels/company-5/users` });
    expect(users.status).toBe(400);
    const presenceUsers = await send({ method: "GET", path: `/apps/${app.appId}/channels/presence-company-5/users` });
    expect(presenceUsers).toEqual({ status: 200, body: { users: [] } });
    const counted = await send({ method: "GET", path: `/apps/${app.appId}/channels`, params: { filter_by_prefix: "company-", info: "user_count" } });
    expect(counted.status).toBe(400);
  });

  it("refuses an unsigned request", async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}${eventsPath}`, { method: "POST", body: event() });
    expect(res.status).toBe(401);
  });
});
