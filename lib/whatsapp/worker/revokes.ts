import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/** A message an agent deleted that the worker now deletes for everyone on WhatsApp. */
export type ClaimedRevoke = { id: number; companyId: number; ticketId: number; wid: string; fromMe: boolean; chatId: string };

type Row = { id: string | number; company_id: number; ticket_id: number; wid: string; from_me: boolean; chat_id: string };

/**
 * The revoke requests of one connection (DELETE /api/messages/{id} sets revoke_requested_at; the
 * messages_revoke_idx partial index keeps this scan to the few requested rows). Each request is
 * taken once: cleared as it is claimed (SKIP LOCKED, so two workers never take the same one), and
 * a provider failure is only logged. A row still waiting to be sent is cancelled instead (never
 * sent); one never delivered (failed, cancelled) needs nothing; one being sent waits until it is.
 */
export async function claimRevokes(db: DbOrTx, whatsappId: number, limit = 20): Promise<ClaimedRevoke[]> {
  await db.execute(sql`
    update messages set
      send_status = case when send_status = 'pending' then 'cancelled' else send_status end,
      revoke_requested_at = null, updated_at = now()
    where whatsapp_id = ${whatsappId} and revoke_requested_at is not null and send_status in ('pending', 'failed', 'cancelled')
  `);
  const rows = (await db.execute(sql`
    with candidates as (
      select id from messages
      where whatsapp_id = ${whatsappId} and revoke_requested_at is not null and (send_status is null or send_status = 'sent')
      order by id
      limit ${limit}
      for update skip locked
    ),
    claimed as (
      update messages m set revoke_requested_at = null, updated_at = now()
      from candidates c where m.id = c.id
      returning m.id, m.company_id, m.ticket_id, m.wid, m.from_me
    )
    select c.id, c.company_id, c.ticket_id, c.wid, c.from_me, ct.number as chat_id
    from claimed c
      join tickets t on t.id = c.ticket_id
      join contacts ct on ct.id = t.contact_id
    order by c.id
  `)) as unknown as Row[];
  return rows.map((r) => ({
    id: Number(r.id),
    companyId: r.company_id,
    ticketId: r.ticket_id,
    wid: r.wid,
    fromMe: r.from_me,
    chatId: r.chat_id,
  }));
}
