import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { attachCampaignMedia, removeCampaignMedia } from "@/lib/campaigns/campaign-media";
import { campaignIdParams as params, campaignMediaSchema } from "@/lib/campaigns/schemas";

// POST /api/campaigns/{id}/media-upload — multipart `file`: the attachment (replaces an earlier one).
export const POST = route({ access: "admin", params, body: campaignMediaSchema }, async ({ ctx, params, body }) =>
  attachCampaignMedia(getDb(), ctx, params.id, body.file),
);

// DELETE /api/campaigns/{id}/media-upload — removes the attachment from storage and the campaign.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => removeCampaignMedia(getDb(), ctx, params.id));
