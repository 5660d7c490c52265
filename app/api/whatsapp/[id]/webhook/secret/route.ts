import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { connectionIdParams as params } from "@/lib/connections/schemas";
import { rotateWebhookSecret } from "@/lib/webhooks/webhook-settings";

// POST /api/whatsapp/{id}/webhook/secret — a new signing secret, answered this once: { secret } (admins).
export const POST = route({ access: "admin", params }, async ({ ctx, params }) => rotateWebhookSecret(getDb(), ctx.companyId, params.id));
