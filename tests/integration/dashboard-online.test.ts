// The attendants' online status comes from the company's presence channel: a user whose browser
// joined it is online, whatever the stored flag says, and goes offline when the browser leaves.
import { beforeAll, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { GET as getUserRoute } from "@/app/api/users/[id]/route";
import { GET as listUsersRoute } from "@/app/api/users/route";
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

// issue 12: one source of truth for presence: the users list, a user's record and the dashboard agree
it("the users API and the dashboard agree on who is online", async () => {
  const fromUsers = async () => {
    const res = await call(listUsersRoute as Handler, { url: "/api/users", token: adminToken });
    return res.body.users.filter((u: { online: boolean }) => u.online).map((u: { id: number }) => u.id);
  };
  const recordOnline = async (id: number) =>
    (await call(getUserRoute as Handler, { url: `/api/users/${id}`, token: adminToken, params: { id: String(id) } })).body.online;
  // both signed in (the stored flag says online), but no browser of theirs is on the channel
  expect(await onlineIds()).toEqual([]);
  expect(await fromUsers()).toEqual([]);
  expect(await recordOnline(tenant.admin.id)).toBe(false);

  const browser = agentBrowser();
  const presence = browser.subscribe(channels.presence(tenant.companyId));
  await new Promise<void>((resolve) => presence.bind("pusher:subscription_succeeded", () => resolve()));
  expect(await onlineIds()).toEqual([tenant.agent.id]);
  expect(await fromUsers()).toEqual([tenant.agent.id]);
  expect(await recordOnline(tenant.agent.id)).toBe(true);
  browser.unsubscribe(channels.presence(tenant.companyId));
  await expect.poll(onlineIds, { timeout: 3000 }).toEqual([]);
  expect(await fromUsers()).toEqual([]);
});
