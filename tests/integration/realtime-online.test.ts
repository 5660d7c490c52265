// The product's publish and presence helpers against the embedded server, with a pusher-js client
// authorised by the real channel auth route.
import { randomBytes } from "node:crypto";
import PusherJs from "pusher-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { POST as authRoute } from "@/app/api/realtime/auth/route";
import { resetEnvCache } from "@/lib/env";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { getOnlineUserIds } from "@/lib/realtime/online-users";
import { publish } from "@/lib/realtime/publish";
import { startRealtimeServer, type RealtimeServer } from "@/workers/realtime/server";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

const app = { appId: "77", key: `k${randomBytes(6).toString("hex")}`, secret: randomBytes(24).toString("hex") };
let server: RealtimeServer;
let tenant: Tenant;
let token: string;
const clients: PusherJs[] = [];

beforeAll(async () => {
  server = await startRealtimeServer(app);
  Object.assign(process.env, { PUSHER_APP_ID: app.appId, PUSHER_KEY: app.key, PUSHER_SECRET: app.secret, PUSHER_HOST: "127.0.0.1", PUSHER_PORT: String(server.port), PUSHER_USE_TLS: "0" });
  resetEnvCache();
  tenant = await createTenant();
  token = (await loginAs(tenant.agent)).token;
});
afterAll(async () => {
  clients.forEach((c) => c.disconnect());
  await server.stop();
});

function connect(): PusherJs {
  const client = new PusherJs(app.key, {
    cluster: "mt1",
    wsHost: "127.0.0.1",
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      // what pusher-js's ajax transport does, through the real route handler
      customHandler: async ({ socketId, channelName }, callback) => {
        const res = await call(authRoute, { method: "POST", url: "/api/realtime/auth", token, body: { socket_id: socketId, channel_name: channelName } });
        if (res.status === 200) callback(null, res.body);
        else callback(new Error(`status ${res.status}`), null);
      },
    },
  });
  clients.push(client);
  return client;
}

it("a user on the presence channel is online, and what services publish reaches the browser", async () => {
  const client = connect();
  const presence = client.subscribe(channels.presence(tenant.companyId));
  await new Promise<void>((resolve) => presence.bind("pusher:subscription_succeeded", () => resolve()));
  expect(await getOnlineUserIds(tenant.companyId)).toEqual([tenant.agent.id]);

  const company = client.subscribe(channels.company(tenant.companyId));
  await new Promise<void>((resolve) => company.bind("pusher:subscription_succeeded", () => resolve()));
  const received = new Promise((resolve) => company.bind(EVENTS.user, resolve));
  await publish({ channels: [channels.company(tenant.companyId)], event: EVENTS.user, data: { action: "update", user: { id: 1 } } });
  expect(await received).toEqual({ action: "update", user: { id: 1 } });

  const refused = client.subscribe(channels.admins(tenant.companyId));
  const error = await new Promise<{ error?: { message?: string } }>((resolve) => refused.bind("pusher:subscription_error", resolve));
  expect(JSON.stringify(error)).toContain("403"); // the auth route refused an agent the admins' channel
  expect(refused.subscribed).toBe(false);

  client.unsubscribe(channels.presence(tenant.companyId));
  await expect.poll(() => getOnlineUserIds(tenant.companyId), { timeout: 3000 }).toEqual([]);
});

it("an event over 10 KB is dropped, not sent", async () => {
  const client = connect();
  const company = client.subscribe(channels.company(tenant.companyId));
  await new Promise<void>((resolve) => company.bind("pusher:subscription_succeeded", () => resolve()));
  const got: unknown[] = [];
  company.bind("big", (d: unknown) => got.push(d));
  company.bind("small", (d: unknown) => got.push(d));
  await publish({ channels: [channels.company(tenant.companyId)], event: "big", data: { blob: "x".repeat(11 * 1024) } });
  await publish({ channels: [channels.company(tenant.companyId)], event: "small", data: { ok: true } });
  await expect.poll(() => got.length).toBe(1);
  expect(got).toEqual([{ ok: true }]);
});
