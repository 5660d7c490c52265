// The attendants' online status comes from the company's presence channel: a user whose browser
// joined it is online, whatever the stored flag says, and goes offline when the browser leaves.
import { randomBytes } from "node:crypto";
import PusherJs from "pusher-js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { POST as authRoute } from "@/app/api/realtime/auth/route";
import { resetEnvCache } from "@/lib/env";
import { channels } from "@/lib/realtime/channels";
import { startRealtimeServer, type RealtimeServer } from "@/workers/realtime/server";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";

const app = { appId: "78", key: `k${randomBytes(6).toString("hex")}`, secret: randomBytes(24).toString("hex") };
let server: RealtimeServer;
let tenant: Tenant;
let adminToken: string;
let agentToken: string;
const clients: PusherJs[] = [];

beforeAll(async () => {
  server = await startRealtimeServer(app);
  Object.assign(process.env, { PUSHER_APP_ID: app.appId, PUSHER_KEY: app.key, PUSHER_SECRET: app.secret, PUSHER_HOST: "127.0.0.1", PUSHER_PORT: String(server.port), PUSHER_USE_TLS: "0" });
  resetEnvCache();
  tenant = await createTenant();
  adminToken = (await loginAs(tenant.admin)).token;
  agentToken = (await loginAs(tenant.agent)).token;
});
afterAll(async () => {
  clients.forEach((c) => c.disconnect());
  await server.stop();
});

/** A browser of the agent: pusher-js authorised by the real channel auth route. */
function agentBrowser(): PusherJs {
  const client = new PusherJs(app.key, {
    cluster: "mt1",
    wsHost: "127.0.0.1",
    wsPort: server.port,
    forceTLS: false,
    enabledTransports: ["ws"],
    disableStats: true,
    channelAuthorization: {
      customHandler: async ({ socketId, channelName }, callback) => {
        const res = await call(authRoute, { method: "POST", url: "/api/realtime/auth", token: agentToken, body: { socket_id: socketId, channel_name: channelName } });
        if (res.status === 200) callback(null, res.body);
        else callback(new Error(`status ${res.status}`), null);
      },
    },
  });
  clients.push(client);
  return client;
}

const onlineIds = async () => {
  const res = await call(dashboardRoute as Handler, { url: "/api/dashboard?days=7", token: adminToken });
  return res.body.attendants.filter((u: { online: boolean }) => u.online).map((u: { id: number }) => u.id);
};

it("an attendant is online while a browser of theirs is on the presence channel", async () => {
  expect(await onlineIds()).toEqual([]);
  const browser = agentBrowser();
  const presence = browser.subscribe(channels.presence(tenant.companyId));
  await new Promise<void>((resolve) => presence.bind("pusher:subscription_succeeded", () => resolve()));
  expect(await onlineIds()).toEqual([tenant.agent.id]);
  browser.unsubscribe(channels.presence(tenant.companyId));
  await expect.poll(onlineIds, { timeout: 3000 }).toEqual([]);
});
