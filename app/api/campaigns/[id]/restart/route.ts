import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { restartCampaign } from "@/lib/campaigns/dispatch";
import { idParams as params } from "@/lib/validation/ids";

// POST /api/campaigns/{id}/restart — admins; a cancelled campaign continues with the recipients not yet sent.
export const POST = route({ access: "admin", params }, async ({ ctx, params }) => restartCampaign(getDb(), ctx, params.id));
