import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { cancelCampaign } from "@/lib/campaigns/dispatch";
import { idParams as params } from "@/lib/validation/ids";

// POST /api/campaigns/{id}/cancel — admins; a running or scheduled campaign stops at once (CANCELADA).
export const POST = route({ access: "admin", params }, async ({ ctx, params }) => cancelCampaign(getDb(), ctx, params.id));
