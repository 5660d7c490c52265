// The Pusher Channels protocol (v7) as pusher-js and the `pusher` server SDK speak it: limits, close
// and error codes, and the one frame encoder every message goes through.

/** Pusher refuses event data (and client messages) over 10 KB. */
export const MAX_MESSAGE_BYTES = 10 * 1024;
/** Pusher's limits on one HTTP publish. */
export const MAX_CHANNELS_PER_EVENT = 100;
export const MAX_BATCH_EVENTS = 10;
export const MAX_EVENT_NAME_LENGTH = 200;
/** Pusher caps presence user ids at 128 characters. */
export const MAX_USER_ID_LENGTH = 128;
/** Pusher's default rate for client events, per connection. */
export const CLIENT_EVENTS_PER_SECOND = 10;
export const SUPPORTED_PROTOCOLS = { min: 5, max: 7 } as const;

/**
 * Close codes pusher-js acts on: 4000-4099 it does not reconnect, 4100-4199 it backs off,
 * 4200-4299 it reconnects at once.
 */
export const CloseCode = {
  unknownAppKey: 4001,
  unsupportedProtocol: 4007,
  missingProtocol: 4008,
  overCapacity: 4100,
  serverRestarting: 4200,
  pongNotReceived: 4201,
} as const;

/** Codes in `pusher:error` messages that do not close the connection. */
export const ErrorCode = {
  unauthorized: 4009,
  refused: 4300,
  clientEventRateLimit: 4301,
} as const;

// Channel names Pusher accepts: up to 164 characters of this set.
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;
const SOCKET_ID = /^\d+\.\d+$/;

export const isValidChannelName = (name: unknown): name is string => typeof name === "string" && CHANNEL_NAME.test(name);
export const isValidSocketId = (id: unknown): id is string => typeof id === "string" && SOCKET_ID.test(id);
export const isPrivateChannel = (name: string) => name.startsWith("private-");
export const isPresenceChannel = (name: string) => name.startsWith("presence-");
export const needsAuth = (name: string) => isPrivateChannel(name) || isPresenceChannel(name);

/**
 * Encodes one outgoing message. `data` is always sent as a JSON string (what Pusher does; pusher-js
 * decodes it), so an object is stringified here and a string published by the server SDK passes as is.
 */
export function encodeFrame(event: string, data: unknown, channel?: string, userId?: string): string {
  const payload = typeof data === "string" ? data : JSON.stringify(data ?? {});
  const message: Record<string, string> = { event };
  if (channel !== undefined) message.channel = channel;
  message.data = payload;
  if (userId !== undefined) message.user_id = userId;
  return JSON.stringify(message);
}

export const errorFrame = (code: number | null, message: string) => encodeFrame("pusher:error", { code, message });

export type ClientMessage = { event: string; channel?: string; data: unknown };

/** Parses one message from a client; null when it is not a Pusher message at all. */
export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object") return null;
  const { event, channel, data } = value as Record<string, unknown>;
  if (typeof event !== "string") return null;
  // pusher-js sends objects; some clients send the data JSON-encoded, as the server does
  let decoded = data;
  if (typeof data === "string" && !event.startsWith("client-")) {
    try {
      decoded = JSON.parse(data);
    } catch {
      decoded = data;
    }
  }
  return { event, channel: typeof channel === "string" ? channel : undefined, data: decoded };
}
