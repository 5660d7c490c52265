import { clip } from "@/lib/messages/message-text";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import type { AnnouncementView } from "./announcement-view";

/**
 * Pusher refuses payloads over 10 KB and a text may hold 5,000 characters: an event carries at most
 * the text's first 1,000 (with `textTruncated`), and a client shows the whole text by reading
 * GET /api/announcements/{id}. 1,000 characters are 6,000 bytes at worst (JSON's \u escapes), with
 * the title (200) and the media fields the record stays well under the limit.
 */
export const EVENT_TEXT_MAX = 1000;

export type AnnouncementEventRecord = AnnouncementView & { textTruncated?: true };

export type AnnouncementEvent = { action: "create" | "update"; record: AnnouncementEventRecord } | { action: "delete"; id: number };

export function announcementEventRecord(row: AnnouncementView): AnnouncementEventRecord {
  if (row.text.length <= EVENT_TEXT_MAX) return row;
  return { ...row, text: clip(row.text, EVENT_TEXT_MAX), textTruncated: true };
}

/**
 * `company-announcement` on the platform channel, which every signed-in user of every company
 * holds: announcements are the platform's, shown in every top bar. An inactive record is a removal
 * for everyone but super users (the popover lists active ones only).
 */
export function publishAnnouncement(event: { action: "create" | "update"; record: AnnouncementView } | { action: "delete"; id: number }) {
  const data: AnnouncementEvent = event.action === "delete" ? event : { action: event.action, record: announcementEventRecord(event.record) };
  return publish({ channels: [channels.platform()], event: EVENTS.announcement, data });
}
