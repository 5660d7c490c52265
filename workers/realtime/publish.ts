// Events published through the HTTP API: validated against Pusher's limits, then encoded once per
// channel and handed to every subscriber but the excluded socket.
import type { RealtimeContext } from "./context";
import {
  encodeFrame,
  isValidChannelName,
  isValidSocketId,
  MAX_BATCH_EVENTS,
  MAX_CHANNELS_PER_EVENT,
  MAX_EVENT_NAME_LENGTH,
  MAX_MESSAGE_BYTES,
} from "./protocol";

export type OutgoingEvent = { name: string; data: string; channels: string[]; socketId?: string };

export type Invalid = { status: 400 | 413; message: string };
export type Validated<T> = { ok: true; value: T } | ({ ok: false } & Invalid);

const invalid = (status: 400 | 413, message: string): { ok: false } & Invalid => ({ ok: false, status, message });

/** One event of `POST /events` (`channels` or `channel`) or one entry of a batch (`channel`). */
export function readEvent(body: Record<string, unknown>): Validated<OutgoingEvent> {
  const { name, data, channels, channel, socket_id: socketId } = body;
  if (typeof name !== "string" || name.length === 0 || name.length > MAX_EVENT_NAME_LENGTH) {
    return invalid(400, `name must be a string of 1 to ${MAX_EVENT_NAME_LENGTH} characters`);
  }
  if (name.startsWith("pusher:") || name.startsWith("pusher_internal:")) return invalid(400, "Event names starting with pusher are reserved");
  const list = Array.isArray(channels) ? channels : channel !== undefined ? [channel] : [];
  if (list.length === 0) return invalid(400, "channels (or channel) is required");
  if (list.length > MAX_CHANNELS_PER_EVENT) return invalid(400, `At most ${MAX_CHANNELS_PER_EVENT} channels per event`);
  if (!list.every(isValidChannelName)) return invalid(400, "Invalid channel name");
  if (typeof data !== "string") return invalid(400, "data must be a string");
  if (Buffer.byteLength(data, "utf8") > MAX_MESSAGE_BYTES) return invalid(413, `Event data exceeds ${MAX_MESSAGE_BYTES} bytes`);
  if (socketId !== undefined && !isValidSocketId(socketId)) return invalid(400, "Invalid socket_id");
  return { ok: true, value: { name, data, channels: [...new Set(list)], socketId } };
}

/** `POST /batch_events`: all entries are checked before any is delivered. */
export function readBatch(body: Record<string, unknown>): Validated<OutgoingEvent[]> {
  const { batch } = body;
  if (!Array.isArray(batch) || batch.length === 0) return invalid(400, "batch must be a non-empty array");
  if (batch.length > MAX_BATCH_EVENTS) return invalid(400, `At most ${MAX_BATCH_EVENTS} events per batch`);
  const events: OutgoingEvent[] = [];
  for (const entry of batch) {
    if (!entry || typeof entry !== "object") return invalid(400, "Each batch entry must be an object");
    // a batch entry names exactly one channel
    const single: Record<string, unknown> = { ...entry, channels: undefined };
    if (typeof single.channel !== "string") return invalid(400, "Each batch entry needs a channel");
    const read = readEvent(single);
    if (!read.ok) return read;
    events.push(read.value);
  }
  return { ok: true, value: events };
}

export function publish(ctx: RealtimeContext, event: OutgoingEvent): void {
  for (const channel of event.channels) {
    const frame = Buffer.from(encodeFrame(event.name, event.data, channel));
    ctx.registry.broadcast(channel, frame, event.socketId);
    ctx.counters.published++;
  }
}
