import { clip } from "@/lib/messages/message-text";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import type { CampaignRow } from "./campaign-view";
import { CONFIRMATION_KEYS, MESSAGE_KEYS } from "./schemas";

// Pusher refuses payloads over 10 KB: an event carries each text's start (the list shows none of
// them; the dialog reads the campaign again)
const EVENT_TEXT_MAX = 120;

export type CampaignEvent = { action: "create" | "update"; record: CampaignRow } | { action: "delete"; id: number };

/** The event's record: the row with its ten texts clipped. */
export function campaignEventRecord(row: CampaignRow): CampaignRow {
  const out = { ...row };
  for (const k of [...MESSAGE_KEYS, ...CONFIRMATION_KEYS]) out[k] = clip(row[k], EVENT_TEXT_MAX);
  return out;
}

/** `campaign` events on the company's admin channel (campaigns are the admins' area). */
export function publishCampaign(companyId: number, event: CampaignEvent) {
  const data = event.action === "delete" ? event : { action: event.action, record: campaignEventRecord(event.record) };
  return publish({ channels: [channels.admins(companyId)], event: EVENTS.campaign, data });
}
