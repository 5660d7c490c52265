import { sql } from "drizzle-orm";
import { forgetWithDatabase, type DbOrTx } from "@/db";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { campaignReport } from "./report";

/** At most one progress event per campaign per this many ms from one process (plus status changes). */
export const PROGRESS_THROTTLE_MS = 500;

/**
 * EM_ANDAMENTO -> FINALIZADA (completedAt) once no recipient is `pending` or `queued`. Delivered,
 * invalid and failed recipients are done; so is `confirming`: the confirmation request went out,
 * and a late answer still gets the message (the worker sends `message` rows of a FINALIZADA
 * campaign). Run after each change, in its own statement: of two last changes committing together,
 * the later one sees both. True when this call finished the campaign.
 */
export async function finishIfDone(db: DbOrTx, companyId: number, campaignId: number): Promise<boolean> {
  const done = (await db.execute(sql`
    update campaigns set status = 'FINALIZADA', completed_at = now(), updated_at = now()
    where id = ${campaignId} and company_id = ${companyId} and status = 'EM_ANDAMENTO'
      -- two equalities, so each is one probe of campaign_shipping_campaign_status_idx (an IN list scans the campaign)
      and not exists (select 1 from campaign_shipping where campaign_id = ${campaignId} and status = 'pending')
      and not exists (select 1 from campaign_shipping where campaign_id = ${campaignId} and status = 'queued')
    returning id
  `)) as unknown as { id: number }[];
  if (done.length) await publishProgress(db, companyId, campaignId, { force: true });
  return done.length > 0;
}

/**
 * The finish check of every running campaign (or one): the safety net behind the per-message
 * check (a worker that died between marking the last message and checking). A few index probes
 * per running campaign; dispatchDue runs it on every call.
 */
export async function finishStalled(db: DbOrTx, campaignId?: number): Promise<number[]> {
  const done = (await db.execute(sql`
    update campaigns c set status = 'FINALIZADA', completed_at = now(), updated_at = now()
    where c.status = 'EM_ANDAMENTO' ${campaignId !== undefined ? sql`and c.id = ${campaignId}` : sql``}
      and not exists (select 1 from campaign_shipping s where s.campaign_id = c.id and s.status = 'pending')
      and not exists (select 1 from campaign_shipping s where s.campaign_id = c.id and s.status = 'queued')
    returning c.id, c.company_id
  `)) as unknown as { id: number; company_id: number }[];
  for (const c of done) await publishProgress(db, c.company_id, c.id, { force: true });
  return done.map((c) => c.id);
}

type Throttle = { last: number; timer: NodeJS.Timeout | null };
const throttles = new Map<number, Throttle>();
// a pending trailing event holds the database it was asked on
forgetWithDatabase("campaignProgress", () => {
  for (const t of throttles.values()) if (t.timer) clearTimeout(t.timer);
  throttles.clear();
});

/**
 * `campaign` `{ action: "progress", campaignId, status, completedAt, report }` on the company's
 * admin channel. Throttled per campaign: a call within PROGRESS_THROTTLE_MS of the last event
 * schedules one trailing event instead, so 10,000 sends make a few events a second, never one
 * each, and the last figures always go out. `force` (a status change) publishes at once.
 */
export async function publishProgress(db: DbOrTx, companyId: number, campaignId: number, opts: { force?: boolean } = {}) {
  const t = throttles.get(campaignId) ?? { last: 0, timer: null };
  throttles.set(campaignId, t);
  const wait = t.last + PROGRESS_THROTTLE_MS - Date.now();
  if (!opts.force && wait > 0) {
    t.timer ??= setTimeout(() => {
      t.timer = null;
      void publishProgress(db, companyId, campaignId, { force: true }).catch((err) =>
        console.error(`[campaigns] progress of campaign ${campaignId} failed:`, (err as Error).message),
      );
    }, wait);
    t.timer.unref?.();
    return;
  }
  if (t.timer) clearTimeout(t.timer);
  t.timer = null;
  t.last = Date.now();
  const data = await progressOf(db, companyId, campaignId);
  if (data) await publish({ channels: [channels.admins(companyId)], event: EVENTS.campaign, data });
}

/** What a progress event carries (null: no such campaign in the company). */
export async function progressOf(db: DbOrTx, companyId: number, campaignId: number) {
  const [c] = (await db.execute(sql`
    select status, completed_at from campaigns where id = ${campaignId} and company_id = ${companyId}
  `)) as unknown as { status: string; completed_at: string | Date | null }[];
  if (!c) return null;
  const completedAt = c.completed_at ? new Date(c.completed_at).toISOString() : null;
  return { action: "progress", campaignId, status: c.status, completedAt, report: await campaignReport(db, companyId, campaignId) };
}
