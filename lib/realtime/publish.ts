import Pusher from "pusher";
import { serverRealtimeConfig } from "./config";

export type RealtimeEvent = { channels: string[]; event: string; data: unknown; socketId?: string };
type Sink = (events: RealtimeEvent[]) => void | Promise<void>;

// Pusher refuses payloads over 10 KB: events carry ids and the fields lists show, never whole rows.
export const MAX_PAYLOAD_BYTES = 10 * 1024;
// Pusher's limit on one batch request (POST /batch_events): entries, one channel each
const MAX_BATCH_EVENTS = 10;
/**
 * A publish gives up after this long (the SDK waits forever by default). Callers await publish:
 * the inbound path does, one message after another per connection, so a realtime server that
 * stops answering would otherwise hold every later message of the connection.
 */
export const PUBLISH_TIMEOUT_MS = 3000;

const holder = globalThis as unknown as { __realtime?: { key: string; client: Pusher }; __realtimeSink?: Sink | null };

/** The server SDK client for the configured Pusher-protocol server; null when none is configured. */
export function realtimeClient(): Pusher | null {
  const cfg = serverRealtimeConfig();
  if (!cfg) return null;
  const key = JSON.stringify(cfg);
  if (holder.__realtime?.key === key) return holder.__realtime.client;
  const auth = { appId: cfg.appId, key: cfg.key, secret: cfg.secret, timeout: PUBLISH_TIMEOUT_MS };
  const c = cfg.host
    ? new Pusher({ ...auth, host: cfg.host, port: cfg.port ? String(cfg.port) : undefined, useTLS: cfg.useTLS })
    : new Pusher({ ...auth, cluster: cfg.cluster, useTLS: true });
  holder.__realtime = { key, client: c };
  return c;
}

/** Tests capture what services publish instead of sending it. */
export function setRealtimeSink(sink: Sink | null) {
  holder.__realtimeSink = sink;
}

/**
 * Publishes events; called by services after their transaction commits. Realtime is best effort:
 * a failure is logged and never fails the request that caused it (lists refetch on reconnect).
 *
 * One call's events reach every browser in the order given: they go as batch requests of one
 * channel per entry, one request after the other. A ticket leaving a list (a delete on its old
 * channel) before entering another (an update on the new one) must not arrive the other way round:
 * sent as parallel requests they sometimes did, and the ticket then vanished from the new list.
 */
export async function publish(...events: RealtimeEvent[]): Promise<void> {
  // each event's JSON is made once: for the size check and as what is sent (the SDK sends a string as is)
  const valid = events.flatMap((e) => {
    const json = e.channels.length > 0 ? jsonThatFits(e) : null;
    return json === null ? [] : [{ e, json }];
  });
  if (!valid.length) return;
  if (holder.__realtimeSink) return void (await holder.__realtimeSink(valid.map((v) => v.e)));
  const pusher = realtimeClient();
  if (!pusher) return;
  const entries = valid.flatMap(({ e, json }) =>
    e.channels.map((channel) => ({ channel, name: e.event, data: json, ...(e.socketId ? { socket_id: e.socketId } : {}) })),
  );
  for (const batch of chunk(entries, MAX_BATCH_EVENTS)) {
    try {
      await pusher.triggerBatch(batch);
    } catch (err) {
      // the rest would wait as long for a server that does not answer: the lists catch up on reconnect
      const names = [...new Set(entries.map((b) => b.name))].join(", ");
      console.error(`[realtime] publish ${names} failed:`, (err as Error).message);
      return;
    }
  }
}

/** The event's data as JSON, or null (logged) when it is over Pusher's 10 KB. */
function jsonThatFits(e: RealtimeEvent): string | null {
  const json = JSON.stringify(e.data ?? null);
  const size = Buffer.byteLength(json);
  if (size <= MAX_PAYLOAD_BYTES) return json;
  console.error(`[realtime] ${e.event} dropped: ${size} bytes is over the 10 KB limit`);
  return null;
}

function chunk<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Signs a subscription for pusher-js (the channel auth route). */
export function signSubscription(socketId: string, channel: string, presence?: { user_id: string; user_info: Record<string, unknown> }) {
  const pusher = realtimeClient();
  if (!pusher) return null;
  return pusher.authorizeChannel(socketId, channel, presence);
}
