import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhookDeliveries } from "@/db/schema";
import { getWebhookSettings } from "./webhook-settings";

export const DELIVERIES_SHOWN = 50;

/** GET /api/whatsapp/{id}/webhook/deliveries: the connection's last 50, newest first (never the body). */
export async function listWebhookDeliveries(db: DbOrTx, companyId: number, whatsappId: number) {
  // 404 for another company's connection, like every route of it
  await getWebhookSettings(db, companyId, whatsappId);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      eventId: webhookDeliveries.eventId,
      event: webhookDeliveries.event,
      status: webhookDeliveries.status,
      attempts: webhookDeliveries.attempts,
      statusCode: webhookDeliveries.lastStatusCode,
      error: webhookDeliveries.lastError,
      createdAt: webhookDeliveries.createdAt,
      deliveredAt: webhookDeliveries.deliveredAt,
      nextAttemptAt: webhookDeliveries.nextAttemptAt,
    })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.whatsappId, whatsappId)))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(DELIVERIES_SHOWN);
  return { deliveries: rows };
}
