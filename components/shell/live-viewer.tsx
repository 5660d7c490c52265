"use client";

import { useMemo, useState } from "react";
import { useRealtimeEvent } from "@/components/realtime/use-realtime";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { useViewer, ViewerProvider } from "./viewer-context";

/** `user` on the user's own channel: their new name (lib/users/publish-user.ts userRenamed). */
type RenameEvent = { action?: string; user?: { id?: number; name?: string } };

/**
 * The viewer again, with the name their own channel last told (an admin renamed them, or they did
 * in another tab): the greeting and the message signature follow without a reload. A newer server
 * render (router.refresh) brings its own name, which wins.
 */
export function LiveViewer({ children }: { children: React.ReactNode }) {
  const viewer = useViewer();
  const [heard, setHeard] = useState<{ over: string; name: string } | null>(null);
  useRealtimeEvent<RenameEvent>(channels.user(viewer.companyId, viewer.id), EVENTS.user, (e) => {
    const name = e?.user?.id === viewer.id ? e.user.name : undefined;
    if (e?.action === "update" && name) setHeard({ over: viewer.name, name });
  });
  const name = heard && heard.over === viewer.name ? heard.name : viewer.name;
  const live = useMemo(() => (name === viewer.name ? viewer : { ...viewer, name }), [viewer, name]);
  return <ViewerProvider viewer={live}>{children}</ViewerProvider>;
}
