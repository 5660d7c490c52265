// The attendants' online status comes from the company's presence channel: a user whose browser
// joined it is online, whatever the stored flag says, and goes offline when the browser leaves.
import { beforeAll, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { channels } from "@/lib/realtime/channels";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { installRealtimeServer } from "../helpers/realtime-env";

const realtime = installRealtimeServer("78");
let tenant: Tenant;
let adminToken: string;
let agentToken: string;

beforeAll(async () => {
  tenant = await createTenant();
  adminToken = (await loginAs(tenant.admin)).token;
  agentToken = (await loginAs(tenant.agent)).token;
});

/** A browser of the agent. */
const agentBrowser = () => realtime.browser(agentToken);

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
