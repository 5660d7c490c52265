import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { toClaimed, type ShippingRow } from "./dispatch-due";
import { writeParts } from "./parts";
import { finishIfDone, publishProgress } from "./progress";

/**
 * A customer wrote on a connection: when that number was asked to confirm a campaign of that
 * connection (recipient `confirming`), the answer is the confirmation: confirmedAt, and the
 * campaign message is queued, in the transaction that moves the recipient on (the same
 * exactly-once rule as dispatchDue). Of a CANCELADA campaign the recipient goes back to `pending`:
 * a restart sends the message. The answer itself is stored and opens a ticket as any other.
 *
 * Called for every inbound message: one indexed query (campaign_shipping_confirming_idx) when the
 * number has no confirmation pending, which is nearly always. Returns how many were confirmed.
 */
export async function confirmCampaignAnswer(
  db: Db,
  input: { companyId: number; whatsappId: number; number: string; held?: { answeredAt: Date; late: boolean } },
): Promise<number> {
  const [waiting] = (await db.execute(sql`
    select 1 as found from campaign_shipping
    where status = 'confirming' and number = ${input.number} and company_id = ${input.companyId}
    limit 1
  `)) as unknown as { found: number }[];
  if (!waiting) return 0;
  if (input.held) {
    const late = await confirmedLate(db, { ...input, ...input.held });
    if (late) return 0;
  }
  const rows = await db.transaction(async (tx) => {
    const answered = (await tx.execute(sql`
      update campaign_shipping s set confirmed_at = now(), updated_at = now(),
        status = case when c.status = 'CANCELADA' then 'pending' else 'queued' end, due_at = null
      from campaigns c
      where c.id = s.campaign_id and s.status = 'confirming' and s.number = ${input.number}
        and s.company_id = ${input.companyId} and c.whatsapp_id = ${input.whatsappId}
        and c.status in ('EM_ANDAMENTO', 'FINALIZADA', 'CANCELADA')
      returning s.id, s.company_id, s.campaign_id, s.number, s.message, s.confirmation_message, s.status,
        false as ask_confirmation,
        (select i.is_whatsapp_valid is null from contact_list_items i where i.id = s.contact_id) as check_number
    `)) as unknown as (ShippingRow & { status: string })[];
    const wake = await writeParts(tx, answered.filter((r) => r.status === "queued").map(toClaimed));
    for (const id of wake) await tx.execute(sql`select pg_notify('outbox', ${String(id)})`);
    return answered;
  });
  for (const r of rows) {
    if (!(await finishIfDone(db, r.company_id, r.campaign_id))) await publishProgress(db, r.company_id, r.campaign_id);
  }
  return rows.length;
}

/**
 * A confirmation WhatsApp held while the connection was down (issue 33 part 1) sends the campaign
 * message only while the campaign is still running and the answer is younger than the held-reply
 * age. Otherwise it is recorded, not acted on: confirmed_at is the answer's time and error says
 * `confirmed_late` (the report counts it apart); the recipient stays `confirming`, so an answer the
 * customer writes now still confirms. Answers whether it was recorded as late.
 */
async function confirmedLate(db: Db, a: { companyId: number; whatsappId: number; number: string; answeredAt: Date; late: boolean }): Promise<boolean> {
  const rows = await db.execute(sql`
    update campaign_shipping s set confirmed_at = ${a.answeredAt.toISOString()}::timestamptz, error = 'confirmed_late', updated_at = now()
    from campaigns c
    where c.id = s.campaign_id and s.status = 'confirming' and s.number = ${a.number}
      and s.company_id = ${a.companyId} and c.whatsapp_id = ${a.whatsappId}
      and (${a.late} or c.status <> 'EM_ANDAMENTO')
    returning s.id
  `);
  return (rows as unknown as unknown[]).length > 0;
}
