// Raw `ws` clients speaking the Pusher protocol for the realtime benchmark: lighter than pusher-js
// (no timeline, no reconnect machinery), so a thousand of them fit in one process beside the publisher.
import { createHmac } from "node:crypto";
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

export type Tick = { phase: number; sentAt: number; receivedAt: number };

type Options = {
  port: number;
  key: string;
  secret: string;
  channel: string;
  count: number;
  /** how many handshakes run at once (the listen backlog is finite) */
  concurrency?: number;
  onTick: (tick: Tick) => void;
};

const TICK_PREFIX = '{"event":"tick"';

function connectOne(options: Options): Promise<WebSocket> {
  const { port, key, secret, channel, onTick } = options;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7&client=bench&version=1`, { perMessageDeflate: false });
    ws.on("error", reject);
    ws.on("message", (raw: Buffer) => {
      const receivedAt = performance.now();
      const text = raw.toString();
      if (text.startsWith(TICK_PREFIX)) {
        const data = JSON.parse((JSON.parse(text) as { data: string }).data) as { p: number; t: number };
        onTick({ phase: data.p, sentAt: data.t, receivedAt });
        return;
      }
      const frame = JSON.parse(text) as { event: string; data: string };
      if (frame.event === "pusher:connection_established") {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        const auth = `${key}:${createHmac("sha256", secret).update(`${socketId}:${channel}`).digest("hex")}`;
        ws.send(JSON.stringify({ event: "pusher:subscribe", data: { channel, auth } }));
      } else if (frame.event === "pusher_internal:subscription_succeeded") {
        resolve(ws);
      } else if (frame.event === "pusher:ping") {
        ws.send('{"event":"pusher:pong","data":{}}');
      } else if (frame.event === "pusher:subscription_error") {
        reject(new Error(`subscription refused: ${frame.data}`));
      }
    });
  });
}

/** Connects and subscribes `count` clients, a batch at a time. */
export async function connectClients(options: Options): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const batch = options.concurrency ?? 100;
  for (let i = 0; i < options.count; i += batch) {
    const size = Math.min(batch, options.count - i);
    sockets.push(...(await Promise.all(Array.from({ length: size }, () => connectOne(options)))));
  }
  return sockets;
}
