// The WebSocket side of the embedded realtime server at the protocol level, with a raw `ws` client:
// the handshake, ping/pong and the activity timeout, refusals pusher-js would hide from us.
import { createHmac, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { startRealtimeServer, type RealtimeServer } from "@/workers/realtime/server";

const app = { appId: "9", key: "key-" + randomBytes(6).toString("hex"), secret: randomBytes(24).toString("hex") };
let server: RealtimeServer;

beforeAll(async () => {
  // a 1-second activity timeout, so the idle path runs within a test
  server = await startRealtimeServer({ ...app, activityTimeout: 1 });
});
afterAll(() => server.stop());

type Frame = { event: string; channel?: string; data?: string };

/** A raw client that queues what it receives; `next` takes the first frame matching an event. */
async function rawClient(path = `/app/${app.key}?protocol=7&client=js&version=8.6.0`) {
  const ws = new WebSocket(`ws://127.0.0.1:${server.port}${path}`);
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  ws.on("message", (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    waiters.splice(0).forEach((wake) => wake());
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  async function next(event: string, timeoutMs = 3_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const at = frames.findIndex((f) => f.event === event);
      if (at >= 0) return frames.splice(at, 1)[0];
      if (Date.now() > deadline) throw new Error(`no ${event}; got ${frames.map((f) => f.event).join(", ")}`);
      await new Promise<void>((wake) => {
        waiters.push(wake);
        setTimeout(wake, 50);
      });
    }
  }
  const send = (event: string, data: unknown, channel?: string) => ws.send(JSON.stringify({ event, data, channel }));
  return { ws, frames, next, send, closed };
}

async function connected() {
  const client = await rawClient();
  const established = await client.next("pusher:connection_established");
  const data = JSON.parse(established.data ?? "") as { socket_id: string; activity_timeout: number };
  return { ...client, socketId: data.socket_id, activityTimeout: data.activity_timeout };
}

const sign = (text: string) => `${app.key}:${createHmac("sha256", app.secret).update(text).digest("hex")}`;

describe("embedded realtime server WebSocket protocol", () => {
  it("opens with connection_established whose data is a JSON string", async () => {
    const client = await connected();
    expect(client.socketId).toMatch(/^\d+\.\d+$/);
    expect(client.activityTimeout).toBe(1);
    client.ws.close();
  });

  it("answers pusher:ping with pusher:pong", async () => {
    const client = await connected();
    client.send("pusher:ping", {});
    expect((await client.next("pusher:pong")).event).toBe("pusher:pong");
    client.ws.close();
  });

  it("refuses an unknown app key with 4001, and a missing protocol version with 4008", async () => {
    const stranger = await rawClient("/app/not-our-key?protocol=7");
    const error = await stranger.next("pusher:error");
    expect(JSON.parse(error.data ?? "")).toMatchObject({ code: 4001 });
    expect((await stranger.closed).code).toBe(4001);
    const old = await rawClient(`/app/${app.key}`);
    expect((await old.closed).code).toBe(4008);
  });

  it("signs presence subscriptions over channel_data: a forged member is refused", async () => {
    const client = await connected();
    const channel = "presence-company-3";
    const honest = JSON.stringify({ user_id: "5" });
    const auth = sign(`${client.socketId}:${channel}:${honest}`);
    client.send("pusher:subscribe", { channel, auth, channel_data: JSON.stringify({ user_id: "1" }) });
    const refused = await client.next("pusher:subscription_error");
    expect(refused.channel).toBe(channel);
    expect(JSON.parse(refused.data ?? "")).toMatchObject({ type: "AuthError", status: 401 });

    client.send("pusher:subscribe", { channel, auth, channel_data: honest });
    const ok = await client.next("pusher_internal:subscription_succeeded");
    expect(JSON.parse(ok.data ?? "")).toEqual({ presence: { ids: ["5"], hash: { "5": null }, count: 1 } });
    client.ws.close();
  });

  it("refuses a private subscription signed for another socket", async () => {
    const client = await connected();
    client.send("pusher:subscribe", { channel: "private-user-1", auth: sign("1.2:private-user-1") });
    expect(JSON.parse((await client.next("pusher:subscription_error")).data ?? "")).toMatchObject({ status: 401 });
    client.ws.close();
  });

  it("refuses messages over 10 KB and client events on public channels, keeping the connection", async () => {
    const client = await connected();
    client.send("client-big", "x".repeat(11 * 1024), "private-a");
    expect(JSON.parse((await client.next("pusher:error")).data ?? "")).toMatchObject({ code: 4300 });
    client.send("pusher:subscribe", { channel: "company-1" });
    await client.next("pusher_internal:subscription_succeeded");
    client.send("client-typing", {}, "company-1");
    expect(JSON.parse((await client.next("pusher:error")).data ?? "")).toMatchObject({ code: 4009 });
    client.send("pusher:ping", {});
    await client.next("pusher:pong");
    client.ws.close();
  });

  it("pings a silent client and closes it with 4201 when no pong comes", async () => {
    const client = await connected();
    await client.next("pusher:ping", 3_000);
    expect((await client.closed).code).toBe(4201);
  });

  it("keeps a client that answers each ping, past several timeouts", async () => {
    const client = await connected();
    client.ws.on("message", (raw) => {
      if ((JSON.parse(raw.toString()) as Frame).event === "pusher:ping") client.send("pusher:pong", {});
    });
    await client.next("pusher:ping", 3_000);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it("closes its sockets with 4200 (reconnect) when stopped", async () => {
    const own = await startRealtimeServer(app);
    const ws = new WebSocket(`ws://127.0.0.1:${own.port}/app/${app.key}?protocol=7`);
    await new Promise((resolve) => ws.once("message", resolve));
    const closed = new Promise<number>((resolve) => ws.on("close", (code) => resolve(code)));
    await own.stop();
    expect(await closed).toBe(4200);
  });
});
