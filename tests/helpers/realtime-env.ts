// Shared setup of the tests that run the embedded realtime server with pusher-js browsers
// authorised by the real channel auth route (realtime-online, dashboard-online).
import { randomBytes } from "node:crypto";
import PusherJs, { type ChannelAuthorizationHandler } from "pusher-js";
import { afterAll, beforeAll } from "vitest";
import { POST as authRoute } from "@/app/api/realtime/auth/route";
import { resetEnvCache } from "@/lib/env";
import { startRealtimeServer, type RealtimeServer } from "@/workers/realtime/server";
import { call } from "./http";

/** A pusher-js client of the embedded server on this port, over plain ws, channels authorised by `authorize`. */
export function wsClient(key: string, port: number, authorize: ChannelAuthorizationHandler): PusherJs {
  return new PusherJs(key, {
    cluster: "mt1",
    wsHost: "127.0.0.1",
    wsPort: port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: { customHandler: authorize },
  });
}

/**
 * Call at the top of a test file: starts the server before the file's tests (the app's PUSHER_*
 * settings point at it) and stops it, with every browser opened, afterwards. Answers `browser(token)`,
 * a pusher-js client of the user behind that token.
 */
export function installRealtimeServer(appId: string) {
  const app = { appId, key: `k${randomBytes(6).toString("hex")}`, secret: randomBytes(24).toString("hex") };
  let server: RealtimeServer;
  const clients: PusherJs[] = [];

  beforeAll(async () => {
    server = await startRealtimeServer(app);
    Object.assign(process.env, { PUSHER_APP_ID: app.appId, PUSHER_KEY: app.key, PUSHER_SECRET: app.secret, PUSHER_HOST: "127.0.0.1", PUSHER_PORT: String(server.port), PUSHER_USE_TLS: "0" });
    resetEnvCache();
  });
  afterAll(async () => {
    clients.forEach((c) => c.disconnect());
    await server.stop();
  });

  function browser(token: string): PusherJs {
    // what pusher-js's ajax transport does, through the real route handler
    const client = wsClient(app.key, server.port, async ({ socketId, channelName }, callback) => {
      const res = await call(authRoute, { method: "POST", url: "/api/realtime/auth", token, body: { socket_id: socketId, channel_name: channelName } });
      if (res.status === 200) callback(null, res.body);
      else callback(new Error(`status ${res.status}`), null);
    });
    clients.push(client);
    return client;
  }

  return { browser };
}
