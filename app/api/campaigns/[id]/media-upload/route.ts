import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { attachCampaignMedia, CAMPAIGN_MEDIA_UPLOAD, removeCampaignMedia } from "@/lib/campaigns/campaign-media";
import { campaignIdParams as params } from "@/lib/campaigns/schemas";

// POST /api/campaigns/{id}/media-upload — multipart `file`: the attachment (replaces an earlier one),
// streamed into storage as it arrives (so the body is read by the handler, not declared here).
export const POST = route({ access: "admin", params, upload: CAMPAIGN_MEDIA_UPLOAD }, async ({ ctx, params, req }) => attachCampaignMedia(getDb(), ctx, params.id, req));

// DELETE /api/campaigns/{id}/media-upload — removes the attachment from storage and the campaign.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => removeCampaignMedia(getDb(), ctx, params.id));
