import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { getCampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { campaignContinue } from "@/lib/jobs/client";
import { isInngestConfigured } from "@/lib/jobs/config";
import { sendBestEffort } from "@/lib/jobs/send-best-effort";
import { campaignClock, isPaced } from "./spacing";

/**
 * issue 33 §6: a paced connection that comes back CONNECTED does not send at once what came due
 * while it was down (the dispatcher skips it meanwhile). Each running campaign of it with a
 * recipient overdue at `now` gets all its pending recipients due again, in their order, the first
 * one gap after `now` and the next ones one gap apart (the campaign's paced intervals): an hour
 * down sends no hour of messages in a burst, and the recipients not yet due do not crowd in
 * between. Called in the transaction that writes CONNECTED (lib/whatsapp/worker/session-state.ts),
 * so no dispatcher sees the connection up with the old times. Answers the campaigns re-spaced.
 */
export async function respaceAfterOutage(tx: DbOrTx, ref: { id: number; companyId: number }, now: Date, random = Math.random): Promise<number[]> {
  const [w] = (await tx.execute(sql`
    select provider, send_min_gap_seconds as min_gap from whatsapps where id = ${ref.id} and company_id = ${ref.companyId}
  `)) as unknown as { provider: string; min_gap: number }[];
  if (!w || !isPaced(w.provider)) return [];
  const overdue = (await tx.execute(sql`
    select c.id from campaigns c
    where c.whatsapp_id = ${ref.id} and c.company_id = ${ref.companyId} and c.status = 'EM_ANDAMENTO'
      and exists (
        select 1 from campaign_shipping s
        where s.campaign_id = c.id and s.status = 'pending' and s.due_at is not null and s.due_at <= ${now.toISOString()}::timestamptz
      )
    order by c.id
  `)) as unknown as { id: number }[];
  if (!overdue.length) return [];
  const settings = await getCampaignSettings(tx, ref.companyId);
  for (const c of overdue) {
    const pending = (await tx.execute(sql`
      select id from campaign_shipping
      where campaign_id = ${c.id} and status = 'pending' and due_at is not null
      order by due_at, id
      for update
    `)) as unknown as { id: number }[];
    const next = campaignClock(now, settings, w.provider, random, w.min_gap);
    next(); // `now` itself: the first one waits a gap, as if the last one went just before the drop
    const due = pending.map((p) => ({ id: p.id, due_at: next().toISOString() }));
    await tx.execute(sql`
      update campaign_shipping s set due_at = r.due_at, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(due)}::jsonb) as r(id int, due_at timestamptz)
      where s.id = r.id and s.status = 'pending'
    `);
  }
  return overdue.map((c) => c.id);
}

/** After the commit: each re-spaced campaign's Inngest run ended while it was down; start one. */
export async function wakeRespaced(companyId: number, campaignIds: number[]) {
  if (!isInngestConfigured()) return; // the embedded scheduler looks every few seconds
  for (const campaignId of campaignIds) {
    await sendBestEffort(campaignContinue.create({ campaignId, companyId }), `campaign/continue for campaign ${campaignId}`);
  }
}
