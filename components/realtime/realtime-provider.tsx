"use client";

import Pusher, { type Channel } from "pusher-js";
import { createContext, useContext, useEffect, useMemo, useRef, useState } from "react";
import type { BrowserRealtimeConfig } from "@/lib/realtime/config";
import { checkSessionAfterRefusal } from "./session-check";

type RealtimeContextValue = {
  pusher: Pusher | null;
  acquire: (name: string) => Channel | null;
  release: (name: string) => void;
};

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

type Props = { config: BrowserRealtimeConfig | null; companyId: number; userId: number; children: React.ReactNode };

/**
 * One pusher-js connection per signed-in page. Recreated when the company or user changes;
 * pusher-js reconnects by itself and subscribes every channel again, and each view refetches what
 * it may have missed when its channels succeed (`useRealtimeCatchUp`).
 */
export function RealtimeProvider({ config, companyId, userId, children }: Props) {
  const [pusher, setPusher] = useState<Pusher | null>(null);
  const counts = useRef(new Map<string, number>());
  const configKey = config ? JSON.stringify(config) : "";

  useEffect(() => {
    if (!configKey) return;
    const cfg = JSON.parse(configKey) as BrowserRealtimeConfig;
    const client = new Pusher(cfg.key, {
      cluster: cfg.cluster,
      ...(cfg.wsHost ? { wsHost: cfg.wsHost, wsPort: cfg.wsPort, wssPort: cfg.wsPort } : {}),
      forceTLS: cfg.forceTLS,
      enabledTransports: ["ws", "wss"],
      disableStats: true,
      channelAuthorization: { endpoint: "/api/realtime/auth", transport: "ajax" },
    });
    const subscriptionCounts = counts.current;
    // the connection is an external system created here; state hands it to the subscribers
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPusher(client);
    return () => {
      subscriptionCounts.clear();
      client.disconnect();
      setPusher(null);
    };
  }, [configKey, companyId, userId]);

  const value = useMemo<RealtimeContextValue>(
    () => ({
      pusher,
      acquire(name) {
        if (!pusher) return null;
        const n = counts.current.get(name) ?? 0;
        counts.current.set(name, n + 1);
        const known = Boolean(pusher.channel(name));
        // subscribe even when known: it reinstates a subscription released while still pending
        // (which would otherwise be dropped when it succeeds); a subscribed channel is left as is
        const channel = pusher.subscribe(name);
        if (!known) channel.bind("pusher:subscription_error", () => void checkSessionAfterRefusal());
        return channel;
      },
      release(name) {
        const n = (counts.current.get(name) ?? 1) - 1;
        if (n > 0) return void counts.current.set(name, n);
        counts.current.delete(name);
        pusher?.unsubscribe(name);
      },
    }),
    [pusher],
  );

  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtimeContext() {
  return useContext(RealtimeContext);
}
