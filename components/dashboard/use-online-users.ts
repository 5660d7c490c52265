"use client";

import type { PresenceChannel } from "pusher-js";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { useRealtimeContext } from "@/components/realtime/realtime-provider";
import { channels } from "@/lib/realtime/channels";

const MEMBER_EVENTS = ["pusher:subscription_succeeded", "pusher:member_added", "pusher:member_removed"];
const UNKNOWN = "?";

/**
 * Ids of the company's users online now, live from its presence channel (the one every signed-in
 * page joins); null until the channel has answered, or when realtime is off, so the caller keeps
 * the server's first answer meanwhile.
 */
export function useOnlineUserIds(companyId: number): Set<number> | null {
  const rt = useRealtimeContext();
  const name = channels.presence(companyId);
  const subscribe = useCallback(
    (onChange: () => void) => {
      const channel = rt?.acquire(name);
      if (!rt || !channel) return () => {};
      MEMBER_EVENTS.forEach((e) => channel.bind(e, onChange));
      return () => {
        MEMBER_EVENTS.forEach((e) => channel.unbind(e, onChange));
        rt.release(name);
      };
    },
    [rt, name],
  );
  // a string snapshot, so React sees "unchanged" while the same members are there
  const snapshot = useSyncExternalStore(
    subscribe,
    () => membersOf(rt?.pusher?.channel(name) as PresenceChannel | undefined),
    () => UNKNOWN,
  );
  return useMemo(() => (snapshot === UNKNOWN ? null : new Set(snapshot.split(",").filter(Boolean).map(Number))), [snapshot]);
}

function membersOf(channel: PresenceChannel | undefined): string {
  if (!channel?.subscribed || !channel.members) return UNKNOWN;
  const ids: string[] = [];
  channel.members.each((m: { id: string }) => ids.push(String(m.id)));
  return ids.sort().join(",");
}
