// One pusher-js connection: the handshake, the ping/pong that keeps it alive, and the dispatch of
// what the client sends. Subscriptions and client events live in their own files.
import { randomInt } from "node:crypto";
import type { Socket } from "node:net";
import { WebSocket, type RawData } from "ws";
import type { Subscriber } from "./channels";
import { relayClientEvent } from "./client-events";
import type { RealtimeContext } from "./context";
import { CloseCode, encodeFrame, ErrorCode, errorFrame, MAX_MESSAGE_BYTES, parseClientMessage } from "./protocol";
import { leaveAllChannels, subscribe, unsubscribe } from "./subscriptions";
import { uncorkSoon } from "./write-batching";

/**
 * A socket that stops reading (a frozen tab, a dead network) would make the server hold every event
 * for it; past this much unsent data it is closed with a back-off code and pusher-js reconnects later.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const PONG_FRAME = encodeFrame("pusher:pong", {});
const PING_FRAME = encodeFrame("pusher:ping", {});

function newSocketId(taken: Map<string, unknown>): string {
  for (;;) {
    const id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    if (!taken.has(id)) return id;
  }
}

export class Connection implements Subscriber {
  readonly socketId: string;
  readonly channels = new Set<string>();
  lastSeenAt = Date.now();
  pingSentAt = 0;
  clientEventWindowStart = 0;
  clientEventsInWindow = 0;
  private isCorked = false;

  constructor(
    private readonly ws: WebSocket,
    /** the TCP socket under `ws`, corked while a burst of frames is being queued */
    private readonly socket: Socket,
    readonly ctx: RealtimeContext,
  ) {
    this.socketId = newSocketId(ctx.connections);
    ctx.connections.set(this.socketId, this);
    ws.on("message", (data, isBinary) => this.onMessage(data, isBinary));
    ws.on("pong", () => this.touch());
    ws.on("close", () => this.onClose());
    // a socket error is followed by "close", where the cleanup happens
    ws.on("error", () => undefined);
    this.sendText(
      encodeFrame("pusher:connection_established", { socket_id: this.socketId, activity_timeout: ctx.activityTimeoutSeconds }),
    );
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  /** Delivery path of published events: the frame is shared by every socket of the channel. */
  send(frame: Buffer): void {
    if (this.ws.readyState !== WebSocket.OPEN) return;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(CloseCode.overCapacity, "Client is not reading its messages");
      return;
    }
    if (!this.isCorked) {
      this.isCorked = true;
      this.socket.cork();
      uncorkSoon(this);
    }
    this.ws.send(frame, { binary: false });
    this.ctx.counters.delivered++;
  }

  uncork(): void {
    this.isCorked = false;
    this.socket.uncork();
  }

  sendText(text: string): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  sendError(code: number | null, message: string): void {
    this.sendText(errorFrame(code, message));
  }

  /** Sent when the client has been silent for the activity timeout; pusher-js answers pong. */
  ping(): void {
    this.pingSentAt = Date.now();
    this.sendText(PING_FRAME);
  }

  close(code: number, reason: string): void {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) this.ws.close(code, reason);
  }

  /** Drops the socket without a closing handshake (a peer that stopped answering would not reply). */
  terminate(): void {
    this.ws.terminate();
  }

  private touch(): void {
    this.lastSeenAt = Date.now();
    this.pingSentAt = 0;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    this.touch();
    if (isBinary) return this.sendError(ErrorCode.refused, "Binary messages are not part of the protocol");
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    if (bytes.length > MAX_MESSAGE_BYTES) return this.sendError(ErrorCode.refused, `Message exceeds ${MAX_MESSAGE_BYTES} bytes`);
    const message = parseClientMessage(bytes.toString("utf8"));
    if (!message) return this.sendError(ErrorCode.refused, "Invalid message: expected JSON with an event name");

    switch (message.event) {
      case "pusher:ping":
        return this.sendText(PONG_FRAME);
      case "pusher:pong":
        return;
      case "pusher:subscribe":
        return subscribe(this, message.data);
      case "pusher:unsubscribe":
        return unsubscribe(this, message.data);
      default:
        if (message.event.startsWith("client-")) return relayClientEvent(this, message);
        // pusher:signin and other extensions are not supported; the client is told, not dropped
        if (message.event.startsWith("pusher:")) return this.sendError(ErrorCode.refused, `Unsupported event ${message.event}`);
    }
  }

  private onClose(): void {
    leaveAllChannels(this);
    this.ctx.connections.delete(this.socketId);
  }
}
