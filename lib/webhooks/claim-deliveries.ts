import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { WebhookPayload } from "./events";

/**
 * How long a claimed delivery belongs to the instance that claimed it: longer than one attempt
 * (10 s timeout) times a batch, so a live sender never loses its rows, and an instance that died
 * mid-send leaves them due again after it.
 */
export const WEBHOOK_LEASE_MS = 5 * 60_000;

export type ClaimedDelivery = {
  id: number;
  eventId: string;
  whatsappId: number;
  payload: WebhookPayload;
  attempts: number;
  createdAt: Date;
  url: string | null;
  secret: string | null;
};

/**
 * Takes due pending deliveries, oldest first, race-safely: one statement locks them with SKIP
 * LOCKED, counts the attempt and moves nextAttemptAt to the end of the lease (the mail outbox's
 * pattern, lib/mail/claim-mail.ts), so the embedded scheduler and the Inngest function never send
 * one row at the same time. The connection's URL and sealed secret come along, read now: a
 * rotation or a new URL applies to deliveries still waiting.
 */
export async function claimDueDeliveries(db: DbOrTx, { limit = 20, now = new Date() } = {}): Promise<ClaimedDelivery[]> {
  const rows = await db.execute<{
    id: string | number;
    event_id: string;
    whatsapp_id: number;
    payload: WebhookPayload;
    attempts: number;
    created_at: Date | string;
    url: string | null;
    secret: string | null;
  }>(sql`
    with due as (
      select id from webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    ),
    claimed as (
      update webhook_deliveries d
      set attempts = d.attempts + 1, next_attempt_at = ${new Date(now.getTime() + WEBHOOK_LEASE_MS).toISOString()}::timestamptz,
        lease_until = ${new Date(now.getTime() + WEBHOOK_LEASE_MS).toISOString()}::timestamptz
      from due where d.id = due.id
      returning d.id, d.event_id, d.whatsapp_id, d.company_id, d.payload, d.attempts, d.created_at
    )
    select c.id, c.event_id, c.whatsapp_id, c.payload, c.attempts, c.created_at, w.webhook_url as url, w.webhook_secret as secret
    from claimed c join whatsapps w on w.id = c.whatsapp_id and w.company_id = c.company_id`);
  return rows.map((r) => ({
    id: Number(r.id),
    eventId: r.event_id,
    whatsappId: r.whatsapp_id,
    payload: r.payload,
    attempts: r.attempts,
    createdAt: new Date(r.created_at),
    url: r.url,
    secret: r.secret,
  }));
}
