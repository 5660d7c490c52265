import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { publish, PUBLISH_TIMEOUT_MS } from "@/lib/realtime/publish";

// A realtime server that takes the request and never answers must not hold the caller: the inbound
// path awaits publish for one message after another, so a stalled publish would stall the
// connection. publish gives up after PUBLISH_TIMEOUT_MS and logs it (best effort, as documented).
let server: http.Server;
const received: string[] = [];
let saved: Record<string, string | undefined>;

beforeAll(async () => {
  server = http.createServer((req) => void received.push(req.url ?? ""));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const keys = ["PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "PUSHER_HOST", "PUSHER_PORT", "PUSHER_USE_TLS"] as const;
  saved = Object.fromEntries(keys.map((k) => [k, process.env[k]]));
  Object.assign(process.env, {
    PUSHER_APP_ID: "1",
    PUSHER_KEY: "silent-key",
    PUSHER_SECRET: "silent-secret-silent-secret",
    PUSHER_HOST: "127.0.0.1",
    PUSHER_PORT: String((server.address() as AddressInfo).port),
    PUSHER_USE_TLS: "false",
  });
  resetEnvCache();
});

afterAll(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

it("gives up on a realtime server that never answers, after the timeout and not before", async () => {
  const started = Date.now();
  await publish({ channels: ["company-1-tickets"], event: "ticket", data: { action: "update", ticketId: 1 } });
  const waited = Date.now() - started;
  expect(received.some((url) => url.startsWith("/apps/1/events"))).toBe(true);
  expect(waited).toBeGreaterThanOrEqual(PUBLISH_TIMEOUT_MS - 50);
  expect(waited).toBeLessThan(PUBLISH_TIMEOUT_MS + 5_000);
});
