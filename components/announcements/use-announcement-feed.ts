"use client";

import { usePagedList } from "@/components/lists/use-paged-list";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { AnnouncementEvent, AnnouncementRow } from "./announcement-types";

/**
 * The top bar's announcements (core §2, §3): the active ones, newest first (GET /api/announcements
 * answers only those to anyone but super users, and the popover shows only those to super users
 * too), paged, and kept live by `company-announcement` on the platform channel, which every
 * signed-in user of every company holds. An inactive record is a removal; a clipped text (the
 * event's 10 KB limit) is read whole by id; a new or reactivated one merges page 1 again.
 */
export function useAnnouncementFeed() {
  const list = usePagedList<AnnouncementRow>({ url: "/api/announcements", key: "records" });

  useRealtimeEvent<AnnouncementEvent>(channels.platform(), EVENTS.announcement, (e) => {
    if (e.action === "delete") return list.remove(e.id);
    const r = e.record;
    if (!r.status) return list.remove(r.id);
    if (!list.items.some((x) => x.id === r.id)) return list.catchUp();
    if (!r.textTruncated) return list.upsert(r);
    api<AnnouncementRow>(`/api/announcements/${r.id}`).then(list.upsert, () => {});
  });
  // after a reconnect: what changed meanwhile (page 1 again, merged)
  useRealtimeCatchUp([channels.platform()], list.catchUp);

  // super users' GET answers inactive ones too: the top bar shows the active ones to everyone
  return { ...list, items: list.items.filter((r) => r.status) };
}
