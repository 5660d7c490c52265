import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteCampaign } from "@/lib/campaigns/delete-campaign";
import { getCampaign } from "@/lib/campaigns/get-campaign";
import { campaignIdParams as params, updateCampaignSchema } from "@/lib/campaigns/schemas";
import { updateCampaign } from "@/lib/campaigns/update-campaign";

// GET /api/campaigns/{id} — the campaign with its report's figures.
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => getCampaign(getDb(), ctx, params.id));

// PUT /api/campaigns/{id} — what is sent changes; 409 ERR_CAMPAIGN_NOT_EDITABLE when read-only.
export const PUT = route({ access: "admin", params, body: updateCampaignSchema }, async ({ ctx, params, body }) =>
  updateCampaign(getDb(), ctx, params.id, body),
);

// DELETE /api/campaigns/{id} — 409 ERR_CAMPAIGN_RUNNING while it is being sent.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteCampaign(getDb(), ctx, params.id));
