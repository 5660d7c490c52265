"use client";

import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { AnnouncementEvent, AnnouncementRow } from "./announcement-types";
import { feedStep } from "./feed-event";

/**
 * The top bar's announcements (core §2, §3): the active ones, newest first (GET /api/announcements
 * answers only those to anyone but super users, and the popover shows only those to super users
 * too), paged, and kept live by `company-announcement` on the platform channel, which every
 * signed-in user of every company holds (feed-event.ts says what each event does).
 */
export function useAnnouncementFeed() {
  const list = usePagedList<AnnouncementRow>({ url: "/api/announcements", key: "records" });

  useRealtimeEvent<AnnouncementEvent>(channels.platform(), EVENTS.announcement, (e) => {
    const step = feedStep(e, (id) => list.items.some((x) => x.id === id));
    if (step.kind === "remove") list.remove(step.id);
    else if (step.kind === "catchUp") list.catchUp();
    else if (step.kind === "fetch") api<AnnouncementRow>(`/api/announcements/${step.id}`).then(list.upsert, () => {});
    else list.upsert(step.record);
  });
  // after a reconnect: what changed meanwhile (page 1 again, merged)
  useRealtimeCatchUp([channels.platform()], list.catchUp);

  // super users' GET answers inactive ones too: the top bar shows the active ones to everyone
  return { ...list, items: list.items.filter((r) => r.status) };
}
