import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { getCampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { announceCampaignScheduled } from "@/lib/jobs/campaign-events";
import { campaignContinue } from "@/lib/jobs/client";
import { isInngestConfigured } from "@/lib/jobs/config";
import { sendBestEffort } from "@/lib/jobs/send-best-effort";
import { refuse } from "./cancel-campaign";
import { finishIfDone, publishProgress } from "./progress";
import { resumeClock } from "./spacing";

/**
 * POST /api/campaigns/{id}/restart: a CANCELADA campaign runs again with the recipients not yet
 * sent: EM_ANDAMENTO, its pending recipients due again by the intervals (paced on a real number:
 * spacing.ts; in their original order), from now or one gap after its last send when that is
 * later (resumeClock), so a restart never sends two messages closer than the interval. Delivered
 * ones are never sent again (their rows stay `sent`). A campaign cancelled before it started goes
 * back to PROGRAMADA (it starts at its time, or at once if past); a save never does (editability.ts).
 * 409 ERR_CAMPAIGN_NOT_CANCELLED otherwise.
 */
export async function restartCampaign(db: Db, ctx: TenantContext, id: number, now = new Date()) {
  const result = await db.transaction(async (tx) => {
    const [c] = (await tx.execute(sql`
      select id, status, scheduled_at, exists (select 1 from campaign_shipping s where s.campaign_id = campaigns.id) as started,
        (select w.provider from whatsapps w where w.id = campaigns.whatsapp_id) as provider,
        (select w.send_min_gap_seconds from whatsapps w where w.id = campaigns.whatsapp_id) as min_gap,
        -- campaign_messages_campaign_idx (campaign_id, send_status)
        (select max(m.sent_at) from campaign_messages m where m.campaign_id = campaigns.id and m.send_status = 'sent') as last_sent_at
      from campaigns where id = ${id} and company_id = ${ctx.companyId}
      for update
    `)) as unknown as {
      id: number;
      status: string;
      scheduled_at: string | Date | null;
      started: boolean;
      provider: string | null;
      min_gap: number | null;
      last_sent_at: string | Date | null;
    }[];
    if (!c || c.status !== "CANCELADA") await refuse(tx, ctx.companyId, id, "ERR_CAMPAIGN_NOT_CANCELLED");
    if (!c.started) {
      const [p] = (await tx.execute(sql`
        update campaigns set status = 'PROGRAMADA', scheduled_at = coalesce(scheduled_at, ${now.toISOString()}::timestamptz), updated_at = now()
        where id = ${id} returning status, scheduled_at
      `)) as unknown as { status: string; scheduled_at: string | Date }[];
      return { status: p.status, scheduledAt: new Date(p.scheduled_at) };
    }
    const settings = await getCampaignSettings(tx, ctx.companyId);
    const pending = (await tx.execute(sql`
      select id from campaign_shipping where campaign_id = ${id} and status = 'pending' order by id
    `)) as unknown as { id: number }[];
    const lastSentAt = c.last_sent_at ? new Date(c.last_sent_at) : null;
    const nextDue = resumeClock(now, lastSentAt, settings, c.provider, Math.random, c.min_gap ?? undefined);
    const due = pending.map((p) => ({ id: p.id, due_at: nextDue().toISOString() }));
    if (due.length) {
      await tx.execute(sql`
        update campaign_shipping s set due_at = r.due_at, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(due)}::jsonb) as r(id int, due_at timestamptz)
        where s.id = r.id and s.status = 'pending'
      `);
    }
    await tx.execute(sql`update campaigns set status = 'EM_ANDAMENTO', completed_at = null, updated_at = now() where id = ${id}`);
    // rows of the campaign still waiting in the outbox (a send that failed while it was stopped)
    await tx.execute(sql`
      select pg_notify('outbox', whatsapp_id::text) from campaigns where id = ${id} and whatsapp_id is not null
    `);
    return { status: "EM_ANDAMENTO", scheduledAt: null };
  });
  if (result.scheduledAt) {
    await announceCampaignScheduled(ctx.companyId, { id, status: result.status, scheduledAt: result.scheduledAt });
  } else if (isInngestConfigured()) {
    await sendBestEffort(campaignContinue.create({ campaignId: id, companyId: ctx.companyId }), `campaign/continue for campaign ${id}`);
  }
  if (!(await finishIfDone(db, ctx.companyId, id))) await publishProgress(db, ctx.companyId, id, { force: true });
  const [row] = (await db.execute(sql`select status, completed_at from campaigns where id = ${id}`)) as unknown as {
    status: string;
    completed_at: string | Date | null;
  }[];
  return { id, status: row.status, completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null };
}
