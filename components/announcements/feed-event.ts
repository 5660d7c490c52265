import type { AnnouncementEvent, AnnouncementRow } from "./announcement-types";

/**
 * What the top bar's list does with a `company-announcement` event: an inactive or deleted
 * announcement leaves it; one it does not hold (new, or made active again) comes with page 1 read
 * again; one it holds is updated in place, from the event, or by reading it whole when the event's
 * text was clipped (the 10 KB limit).
 */
export type FeedStep = { kind: "remove"; id: number } | { kind: "catchUp" } | { kind: "upsert"; record: AnnouncementRow } | { kind: "fetch"; id: number };

export function feedStep(e: AnnouncementEvent, held: (id: number) => boolean): FeedStep {
  if (e.action === "delete") return { kind: "remove", id: e.id };
  const r = e.record;
  if (!r.status) return { kind: "remove", id: r.id };
  if (!held(r.id)) return { kind: "catchUp" };
  return r.textTruncated ? { kind: "fetch", id: r.id } : { kind: "upsert", record: r };
}
