import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { connectionIdParams as params } from "@/lib/connections/schemas";
import { listWebhookDeliveries } from "@/lib/webhooks/list-deliveries";

// GET /api/whatsapp/{id}/webhook/deliveries — the last 50 deliveries, newest first (admins).
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => listWebhookDeliveries(getDb(), ctx.companyId, params.id));
