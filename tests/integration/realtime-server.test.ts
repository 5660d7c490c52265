// The embedded realtime server driven by the official SDKs, as the product uses them: `pusher`
// publishes over HTTP, pusher-js (its Node build) subscribes over WebSocket.
import { randomBytes } from "node:crypto";
import Pusher from "pusher";
import PusherJs, { type Channel, type PresenceChannel } from "pusher-js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startRealtimeServer, type RealtimeServer } from "@/workers/realtime/server";
import { wsClient } from "../helpers/realtime-env";

const app = { appId: "4242", key: "key-" + randomBytes(6).toString("hex"), secret: randomBytes(24).toString("hex") };
let server: RealtimeServer;
let sdk: Pusher;
const clients: PusherJs[] = [];

beforeAll(async () => {
  server = await startRealtimeServer(app);
  sdk = new Pusher({ ...app, host: "127.0.0.1", port: String(server.port), useTLS: false });
});
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});
afterAll(() => server.stop());

type Member = { user_id: string; user_info?: Record<string, unknown> };

/** A pusher-js client whose channel authorisation is signed locally, as the auth route will do. */
async function connect(options: { member?: Member; secret?: string } = {}): Promise<PusherJs> {
  const signer = options.secret ? new Pusher({ ...app, secret: options.secret, cluster: "mt1" }) : sdk;
  const client = wsClient(app.key, server.port, ({ socketId, channelName }, callback) =>
    callback(null, signer.authorizeChannel(socketId, channelName, channelName.startsWith("presence-") ? options.member : undefined)),
  );
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.connection.bind("connected", () => resolve());
    client.connection.bind("failed", () => reject(new Error("pusher-js could not connect")));
  });
  return client;
}

function next<T = unknown>(channel: Channel, event: string, timeoutMs = 3_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} on ${channel.name}`)), timeoutMs);
    channel.bind(event, (data: T) => {
      clearTimeout(timer);
      channel.unbind(event);
      resolve(data);
    });
  });
}

async function join(client: PusherJs, name: string): Promise<Channel> {
  const channel = client.subscribe(name);
  await next(channel, "pusher:subscription_succeeded");
  return channel;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("embedded realtime server with the official SDKs", () => {
  it("delivers an event published by the server SDK on a public channel", async () => {
    const channel = await join(await connect(), "company-1");
    const received = next(channel, "ticket");
    await sdk.trigger("company-1", "ticket", { action: "update", ticket: { id: 7 } });
    expect(await received).toEqual({ action: "update", ticket: { id: 7 } });
  });

  it("delivers on a private channel once the subscription is signed", async () => {
    const channel = await join(await connect(), "private-user-3");
    const received = next(channel, "notification");
    await sdk.trigger(["private-user-3", "company-9"], "notification", { id: 1 });
    expect(await received).toEqual({ id: 1 });
  });

  it("refuses a private subscription signed with the wrong secret", async () => {
    const client = await connect({ secret: randomBytes(24).toString("hex") });
    const channel = client.subscribe("private-user-4");
    const error = await next<{ type: string; error: string; status: number }>(channel, "pusher:subscription_error");
    expect(error).toMatchObject({ type: "AuthError", status: 401 });
    expect(error.error).toMatch(/signature/i);
    await sdk.trigger("private-user-4", "notification", { id: 2 });
    await sleep(100);
    expect(channel.subscribed).toBe(false);
  });

  it("keeps presence members: list, member_added once per user, member_removed on the last socket", async () => {
    const name = "presence-agents-1";
    const ana = { user_id: "1", user_info: { name: "Ana" } };
    const bia = { user_id: "2", user_info: { name: "Bia" } };
    const first = (await join(await connect({ member: ana }), name)) as PresenceChannel;
    expect(first.members.count).toBe(1);
    expect(first.members.me).toEqual({ id: "1", info: { name: "Ana" } });

    const added = next<{ id: string; info: unknown }>(first, "pusher:member_added");
    const biaFirstTab = await connect({ member: bia });
    const second = (await join(biaFirstTab, name)) as PresenceChannel;
    expect(await added).toEqual({ id: "2", info: { name: "Bia" } });
    expect(second.members.count).toBe(2);
    expect(second.members.get("1")).toEqual({ id: "1", info: { name: "Ana" } });

    // Bia in a second tab: she is already present, nobody is told again
    let addedAgain = false;
    first.bind("pusher:member_added", () => (addedAgain = true));
    const tab = await connect({ member: bia });
    await join(tab, name);
    const users = await (await sdk.get({ path: `/channels/${name}/users` })).json();
    expect(users.users.map((u: { id: string }) => u.id).sort()).toEqual(["1", "2"]);

    // her first tab closes: still present through the second
    let removedEarly = false;
    first.bind("pusher:member_removed", () => (removedEarly = true));
    biaFirstTab.disconnect();
    await sleep(150);
    expect(addedAgain).toBe(false);
    expect(removedEarly).toBe(false);
    first.unbind("pusher:member_removed");

    const removed = next<{ id: string }>(first, "pusher:member_removed");
    tab.unsubscribe(name);
    expect(await removed).toEqual({ id: "2", info: { name: "Bia" } });
    expect(first.members.count).toBe(1);
  });

  it("leaves out the socket named by socket_id", async () => {
    const sender = await connect();
    const other = await connect();
    const senderChannel = await join(sender, "company-2");
    const otherChannel = await join(other, "company-2");
    let senderGotIt = false;
    senderChannel.bind("contact", () => (senderGotIt = true));
    const received = next(otherChannel, "contact");
    await sdk.trigger("company-2", "contact", { id: 5 }, { socket_id: sender.connection.socket_id });
    expect(await received).toEqual({ id: 5 });
    await sleep(100);
    expect(senderGotIt).toBe(false);
  });

  it("delivers a batch from triggerBatch to each entry's channel", async () => {
    const client = await connect();
    const one = await join(client, "queue-1");
    const two = await join(client, "private-queue-2");
    const got = Promise.all([next(one, "ticket"), next(two, "ticket")]);
    await sdk.triggerBatch([
      { channel: "queue-1", name: "ticket", data: { id: 1 } },
      { channel: "private-queue-2", name: "ticket", data: { id: 2 } },
    ]);
    expect(await got).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("relays client events on private channels to the other subscribers only", async () => {
    const a = await connect();
    const b = await connect();
    const channelA = await join(a, "private-chat-1");
    const channelB = await join(b, "private-chat-1");
    const received = next(channelB, "client-typing");
    channelA.trigger("client-typing", { userId: 1 });
    expect(await received).toEqual({ userId: 1 });
  });

  it("answers channel queries through the SDK's get", async () => {
    await join(await connect(), "company-77");
    const one = await (await sdk.get({ path: "/channels/company-77" })).json();
    expect(one).toEqual({ occupied: true, subscription_count: 1 });
    const list = await (await sdk.get({ path: "/channels", params: { filter_by_prefix: "company-7" } })).json();
    expect(Object.keys(list.channels)).toEqual(["company-77"]);
  });
});
