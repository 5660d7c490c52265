import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { SendPauseReason } from "@/db/schema";

/**
 * The report's figures (admin.md §2.7). Before the campaign starts they come from its contact
 * list (valid: every item not known to be off WhatsApp); once started, from its recipients
 * (campaign_shipping, fixed at the start).
 */
export type CampaignReport = {
  /** recipients, or list items before the start */
  total: number;
  /** total minus numbers found not to be on WhatsApp */
  valid: number;
  invalid: number;
  delivered: number;
  confirmationRequested: number;
  confirmed: number;
  /** recipients whose send failed for good */
  failed: number;
  /**
   * recipients asked to confirm who have not answered yet (`confirming`): a FINALIZADA campaign
   * still sends them its message when they answer (progress.ts), so the report and the list say so
   */
  awaitingConfirmation: number;
  /**
   * a running campaign's real number holds what nobody asked for (its hour or day cap, or WhatsApp
   * restricted it: lib/whatsapp/worker/send-pacer.ts) until then; null when it sends
   */
  pause: { reason: SendPauseReason; until: string } | null;
};

type Row = Record<Exclude<keyof CampaignReport, "pause">, string | number | null> & {
  pause_reason: SendPauseReason | null;
  paused_until: string | Date | null;
};

/** The figures of one campaign of the company (zeros for an id the company does not have). */
export async function campaignReport(db: DbOrTx, companyId: number, campaignId: number): Promise<CampaignReport> {
  const [row] = (await db.execute(sql`
    with c as (select id, contact_list_id, status, whatsapp_id from campaigns where id = ${campaignId} and company_id = ${companyId}),
    p as (
      select w.send_pause_reason, w.send_paused_until from whatsapps w
      where w.id = (select whatsapp_id from c) and w.company_id = ${companyId}
        and (select status from c) = 'EM_ANDAMENTO' and w.send_paused_until > now()
    ),
    s as (
      select count(*) as total,
        count(*) filter (where status = 'invalid') as invalid,
        count(*) filter (where status = 'delivered') as delivered,
        count(*) filter (where status = 'failed') as failed,
        count(*) filter (where status = 'confirming') as "awaitingConfirmation",
        count(confirmation_requested_at) as "confirmationRequested",
        count(confirmed_at) as confirmed
      from campaign_shipping where campaign_id = (select id from c) and company_id = ${companyId}
    ),
    l as (
      select count(*) as total, count(*) filter (where is_whatsapp_valid is false) as invalid
      from contact_list_items where contact_list_id = (select contact_list_id from c) and company_id = ${companyId}
    )
    select
      case when s.total > 0 then s.total else l.total end as total,
      case when s.total > 0 then s.invalid else l.invalid end as invalid,
      s.delivered, s.failed, s."confirmationRequested", s.confirmed, s."awaitingConfirmation",
      (select send_pause_reason from p) as pause_reason, (select send_paused_until from p) as paused_until
    from s, l
  `)) as unknown as Row[];
  const n = (v: string | number | null | undefined) => Number(v ?? 0);
  const total = n(row?.total);
  const invalid = n(row?.invalid);
  return {
    total,
    valid: total - invalid,
    invalid,
    delivered: n(row?.delivered),
    confirmationRequested: n(row?.confirmationRequested),
    confirmed: n(row?.confirmed),
    failed: n(row?.failed),
    awaitingConfirmation: n(row?.awaitingConfirmation),
    pause: row?.pause_reason && row.paused_until ? { reason: row.pause_reason, until: new Date(row.paused_until).toISOString() } : null,
  };
}
