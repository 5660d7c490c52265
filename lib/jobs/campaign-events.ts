import { campaignScheduled } from "./client";
import { isInngestConfigured } from "./config";
import { sendBestEffort } from "./send-best-effort";

/**
 * Tells Inngest a campaign is PROGRAMADA, so its on-time run wakes at `scheduledAt`. Best effort:
 * when the event is lost the every-minute sweep starts the campaign anyway; a save never fails for
 * it. Without Inngest the embedded scheduler finds due campaigns on its own.
 */
export async function announceCampaignScheduled(companyId: number, c: { id: number; status: string; scheduledAt: Date | string | null }) {
  if (!isInngestConfigured() || c.status !== "PROGRAMADA" || !c.scheduledAt) return;
  const scheduledAt = new Date(c.scheduledAt).toISOString();
  await sendBestEffort(campaignScheduled.create({ campaignId: c.id, companyId, scheduledAt }), `campaign/scheduled for campaign ${c.id}`);
}
