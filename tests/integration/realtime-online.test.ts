// The product's publish and presence helpers against the embedded server, with a pusher-js client
// authorised by the real channel auth route.
import { beforeAll, expect, it } from "vitest";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { getOnlineUserIds } from "@/lib/realtime/online-users";
import { publish } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { installRealtimeServer } from "../helpers/realtime-env";

const realtime = installRealtimeServer("77");
let tenant: Tenant;
let token: string;

beforeAll(async () => {
  tenant = await createTenant();
  token = (await loginAs(tenant.agent)).token;
});

const connect = () => realtime.browser(token);

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

it("one publish's events reach the browser in the order given, across channels and past one batch", async () => {
  const client = connect();
  // a ticket leaving one list and entering another: the delete on the old channel comes first
  const from = client.subscribe(channels.company(tenant.companyId));
  const to = client.subscribe(channels.presence(tenant.companyId));
  await Promise.all([from, to].map((c) => new Promise<void>((resolve) => c.bind("pusher:subscription_succeeded", () => resolve()))));
  const got: string[] = [];
  from.bind("ticket", (d: { n: string }) => got.push(d.n));
  to.bind("ticket", (d: { n: string }) => got.push(d.n));
  const sent: string[] = [];
  for (let round = 0; round < 20; round++) {
    // 12 entries: two batch requests, the second after the first
    const events = Array.from({ length: 12 }, (_, i) => {
      const n = `${round}.${i}`;
      sent.push(n);
      return { channels: [i % 2 ? channels.presence(tenant.companyId) : channels.company(tenant.companyId)], event: "ticket", data: { n } };
    });
    await publish(...events);
  }
  await expect.poll(() => got.length).toBe(sent.length);
  expect(got).toEqual(sent);
  client.unsubscribe(channels.presence(tenant.companyId));
});
