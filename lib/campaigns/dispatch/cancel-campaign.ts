import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { AppError } from "@/lib/api/errors";
import type { TenantContext } from "@/lib/api/context";
import { publishProgress } from "./progress";

/**
 * POST /api/campaigns/{id}/cancel: a running (or scheduled) campaign becomes CANCELADA and nothing
 * more is sent, at once: pending recipients lose their due time, outbox rows still waiting are
 * cancelled and their recipients go back to `pending` (a restart sends them, with the same
 * message ids), and the worker never claims a row of a campaign that is not running. A row the
 * worker is sending at this instant still completes. 409 ERR_CAMPAIGN_NOT_RUNNING otherwise.
 */
export async function cancelCampaign(db: Db, ctx: TenantContext, id: number) {
  const row = await db.transaction(async (tx) => {
    // waits for a dispatch in flight (it share-locks the campaign), so its rows are seen below
    const [c] = (await tx.execute(sql`
      update campaigns set status = 'CANCELADA', updated_at = now()
      where id = ${id} and company_id = ${ctx.companyId} and status in ('EM_ANDAMENTO', 'PROGRAMADA')
      returning id, status, completed_at
    `)) as unknown as { id: number; status: string; completed_at: string | null }[];
    if (!c) await refuse(tx, ctx.companyId, id, "ERR_CAMPAIGN_NOT_RUNNING");
    await tx.execute(sql`
      update campaign_shipping set due_at = null, updated_at = now()
      where campaign_id = ${id} and status = 'pending' and due_at is not null
    `);
    await tx.execute(sql`
      with cancelled as (
        update campaign_messages set send_status = 'cancelled', updated_at = now()
        where campaign_id = ${id} and send_status = 'pending'
        returning shipping_id
      )
      update campaign_shipping s set status = 'pending', due_at = null, updated_at = now()
      where s.id in (select shipping_id from cancelled) and s.status = 'queued'
    `);
    return c!;
  });
  await publishProgress(db, ctx.companyId, id, { force: true });
  return { id: row.id, status: row.status, completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null };
}

/** 404 when the company has no such campaign, else 409 with `code` (its status does not allow it). */
export async function refuse(db: DbOrTx, companyId: number, id: number, code: string): Promise<never> {
  const [found] = (await db.execute(sql`select status from campaigns where id = ${id} and company_id = ${companyId}`)) as unknown as {
    status: string;
  }[];
  if (!found) throw new AppError("ERR_NO_CAMPAIGN_FOUND", 404);
  throw new AppError(code, 409, { status: found.status });
}
