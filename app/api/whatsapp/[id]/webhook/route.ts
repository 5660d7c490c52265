import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { connectionIdParams as params } from "@/lib/connections/schemas";
import { webhookSettingsSchema } from "@/lib/webhooks/schemas";
import { getWebhookSettings, updateWebhookSettings } from "@/lib/webhooks/webhook-settings";

// GET /api/whatsapp/{id}/webhook — the connection's webhook: { url, events, hasSecret } (admins; never the secret).
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => getWebhookSettings(getDb(), ctx.companyId, params.id));

// PUT /api/whatsapp/{id}/webhook — { url|null, events[] }; the first URL answers the new secret once.
export const PUT = route({ access: "admin", params, body: webhookSettingsSchema }, async ({ ctx, params, body }) =>
  updateWebhookSettings(getDb(), ctx.companyId, params.id, body),
);
