import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { WebhookEvent } from "./events";

/**
 * The outbox insert for one event, as SQL to run inside the event's own transaction (or folded into
 * its statement). It inserts nothing unless the connection has a URL and asked for this event, so
 * a connection without a webhook costs one indexed read of its own row and nothing more. The body
 * (WebhookPayload) is built here once and sent unchanged on every attempt; `id` is the stable
 * event id (X-Webhook-Id). `source` names a row source with the columns the payload needs. Times
 * are written by iso_utc (0021_api_request_hash_iso_times.sql), as the API writes every time:
 * ISO 8601 in UTC with milliseconds and `Z`, never Postgres' own text of a timestamptz.
 */
export function webhookInsertSql(event: WebhookEvent, source: SQL, on: SQL): SQL {
  return sql`
    insert into webhook_deliveries (company_id, whatsapp_id, event_id, event, payload)
    select w.company_id, w.id, e.id, ${event}::text, jsonb_build_object(
      'id', e.id, 'event', ${event}::text, 'companyId', w.company_id, 'whatsappId', w.id,
      'ticketId', s.ticket_id, 'contactNumber', c.number, 'message', s.message, 'createdAt', iso_utc(now()))
    from ${source} s
    join whatsapps w on ${on} and w.webhook_url is not null and ${event}::text = any(w.webhook_events)
    cross join lateral (select gen_random_uuid()::text as id) e
    left join tickets t on t.id = s.ticket_id and t.company_id = w.company_id
    left join contacts c on c.id = t.contact_id`;
}

/** The message part of a payload, from a row source aliased `m` with the messages columns. */
export const messageJson = (m: string) =>
  sql.raw(`jsonb_build_object('id', ${m}.id, 'wid', ${m}.wid, 'body', ${m}.body, 'fromMe', ${m}.from_me,
    'mediaType', ${m}.media_type, 'ack', ${m}.ack, 'createdAt', iso_utc(${m}.created_at))`);

type TicketEvent = { companyId: number; whatsappId: number | null; ticketId: number };

/**
 * A ticket event (ticket.created, ticket.closed) into the outbox, in the caller's transaction.
 * One statement; nothing when the ticket has no connection or its connection no such webhook.
 */
export async function enqueueTicketWebhook(tx: DbOrTx, event: "ticket.created" | "ticket.closed", e: TicketEvent): Promise<void> {
  if (e.whatsappId === null) return;
  const source = sql`(select ${e.ticketId}::int as ticket_id, null::jsonb as message)`;
  await tx.execute(webhookInsertSql(event, source, sql`w.id = ${e.whatsappId} and w.company_id = ${e.companyId}`));
}
