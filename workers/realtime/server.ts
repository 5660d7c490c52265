// The embedded realtime server: one HTTP server carrying both the Pusher HTTP API (for the `pusher`
// SDK) and the WebSocket endpoint /app/{key} (for pusher-js), so the product needs no Pusher account.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { startActivitySweep } from "./activity";
import { ChannelRegistry } from "./channels";
import type { Counters, RealtimeContext } from "./context";
import { createApiHandler } from "./http-api";
import { sendError } from "./http-io";
import { CloseCode, errorFrame, SUPPORTED_PROTOCOLS } from "./protocol";
import { Connection } from "./ws-connection";

export type RealtimeServerOptions = {
  appId: string;
  key: string;
  secret: string;
  host?: string;
  /** 0 picks a free port (tests, benchmark) */
  port?: number;
  /** seconds of silence before the server pings a client; sent to pusher-js in the handshake */
  activityTimeout?: number;
};

export type RealtimeStats = Counters & { connections: number; channels: number };

export type RealtimeServer = { host: string; port: number; stop(): Promise<void>; stats(): RealtimeStats };

/** Frames bigger than this are cut by ws itself (close 1009); up to it we answer with a pusher:error. */
const MAX_FRAME_BYTES = 64 * 1024;
/** How long closing sockets get to finish their handshake when the server stops. */
const STOP_GRACE_MS = 1_000;

function refuseSocket(ws: WebSocket, code: number, message: string): void {
  ws.send(errorFrame(code, message));
  ws.close(code, message.slice(0, 120));
}

export async function startRealtimeServer(options: RealtimeServerOptions): Promise<RealtimeServer> {
  const { appId, key, secret, host = "127.0.0.1", port = 0, activityTimeout = 120 } = options;
  if (!appId || !key || !secret) throw new Error("startRealtimeServer needs appId, key and secret");
  if (!(activityTimeout > 0)) throw new Error("activityTimeout must be a positive number of seconds");

  const ctx: RealtimeContext = {
    app: { appId, key, secret },
    activityTimeoutSeconds: activityTimeout,
    registry: new ChannelRegistry(),
    connections: new Map(),
    counters: { published: 0, delivered: 0, refusedSubscriptions: 0 },
  };
  const handleApi = createApiHandler(ctx);
  const server = createServer((req, res) => {
    handleApi(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else sendError(res, 500, "Internal error");
    });
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false, clientTracking: false });

  // ws://host/app/{key}?protocol=7&client=js&version=...: pusher-js's connection URL
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", "http://localhost");
    const match = /^\/app\/([^/]+)$/.exec(url.pathname);
    if (!match) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      // Pusher completes the handshake, then says why it refuses: pusher-js stops retrying on 40xx
      if (match[1] !== key) return refuseSocket(ws, CloseCode.unknownAppKey, "App key not in this cluster. Did you forget to specify the cluster?");
      const protocol = url.searchParams.get("protocol");
      if (!protocol) return refuseSocket(ws, CloseCode.missingProtocol, "No protocol version supplied");
      const version = Number(protocol);
      if (!Number.isInteger(version) || version < SUPPORTED_PROTOCOLS.min || version > SUPPORTED_PROTOCOLS.max) {
        return refuseSocket(ws, CloseCode.unsupportedProtocol, "Unsupported protocol version");
      }
      new Connection(ws, socket as Socket, ctx);
    });
  });

  const stopSweep = startActivitySweep(ctx.connections, { activityTimeoutSeconds: activityTimeout });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  let stopping: Promise<void> | undefined;
  async function stop(): Promise<void> {
    stopSweep();
    // 4200 tells pusher-js to reconnect at once: a restart costs clients one reconnect
    for (const connection of ctx.connections.values()) connection.close(CloseCode.serverRestarting, "Server is restarting");
    const deadline = Date.now() + STOP_GRACE_MS;
    while (ctx.connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const connection of ctx.connections.values()) connection.terminate();
    wss.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  return {
    host,
    port: (server.address() as AddressInfo).port,
    stop: () => (stopping ??= stop()),
    stats: () => ({ connections: ctx.connections.size, channels: ctx.registry.size, ...ctx.counters }),
  };
}
