import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { resetEnvCache } from "@/lib/env";

const KEYS = ["PUSHER_APP_ID", "PUSHER_KEY", "PUSHER_SECRET", "PUSHER_HOST", "PUSHER_PORT", "PUSHER_USE_TLS"] as const;

/**
 * A local HTTP server posing as the realtime server for the file's tests: the app's publish
 * (lib/realtime/publish.ts) sends to it while they run; `handle` answers each request as the test
 * needs (or never). The configuration before is restored after.
 */
export function installFakePusher(handle: http.RequestListener) {
  let server: http.Server;
  let saved: Record<string, string | undefined>;
  beforeAll(async () => {
    server = http.createServer(handle);
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));
    Object.assign(process.env, {
      PUSHER_APP_ID: "1",
      PUSHER_KEY: "fake-key",
      PUSHER_SECRET: "fake-secret-fake-secret-fake-secret",
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
}
