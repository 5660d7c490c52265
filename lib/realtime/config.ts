import { getEnv } from "@/lib/env";

/** Server side: where the `pusher` SDK publishes. Null when realtime is not configured (tests). */
export function serverRealtimeConfig() {
  const e = getEnv();
  if (!e.PUSHER_APP_ID || !e.PUSHER_KEY || !e.PUSHER_SECRET) return null;
  return {
    appId: e.PUSHER_APP_ID,
    key: e.PUSHER_KEY,
    secret: e.PUSHER_SECRET,
    cluster: e.PUSHER_CLUSTER,
    host: e.PUSHER_HOST,
    port: e.PUSHER_PORT,
    useTLS: e.PUSHER_USE_TLS,
  };
}

export type BrowserRealtimeConfig = {
  key: string;
  cluster: string;
  wsHost?: string;
  wsPort?: number;
  forceTLS: boolean;
};

/**
 * What pusher-js needs, computed per request from the environment (never baked into the build).
 * Without a public host the browser talks to Pusher Channels by cluster.
 */
export function browserRealtimeConfig(): BrowserRealtimeConfig | null {
  const e = getEnv();
  if (!e.PUSHER_KEY) return null;
  const host = e.PUSHER_PUBLIC_HOST ?? e.PUSHER_HOST;
  if (!host) return { key: e.PUSHER_KEY, cluster: e.PUSHER_CLUSTER, forceTLS: true };
  return {
    key: e.PUSHER_KEY,
    // pusher-js 8 wants a cluster even with wsHost
    cluster: e.PUSHER_CLUSTER,
    wsHost: host,
    wsPort: e.PUSHER_PUBLIC_PORT ?? e.PUSHER_PORT,
    forceTLS: e.PUSHER_PUBLIC_HOST ? e.PUSHER_PUBLIC_TLS : e.PUSHER_USE_TLS,
  };
}
