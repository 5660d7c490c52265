import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";

/**
 * How far the background WhatsApp check of a list has got: its items with a validity (checked) of
 * all, and in how many seconds the company's next batch goes (null: none planned).
 */
export type CheckProgress = { total: number; checked: number; nextInSeconds: number | null };

// a next time this long past is stale (the connection's worker stopped, or it has been sending
// since): no countdown is shown
const STALE_SECONDS = 60;

/**
 * The list's progress line (contact list page). The next batch is the company's: the earliest time
 * one of its CONNECTED connections wrote (whatsapps.number_check_next_at, lib/whatsapp/worker/
 * number-checks.ts), shown only while the list has unchecked items; a time just past reads 0.
 */
export async function getCheckProgress(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, contactListId: number): Promise<CheckProgress> {
  const [row] = (await db.execute(sql`
    select
      count(*)::int as total,
      (count(*) filter (where i.is_whatsapp_valid is not null))::int as checked,
      (select ceil(extract(epoch from min(w.number_check_next_at) - now()))::int
        from whatsapps w
        where w.company_id = ${ctx.companyId} and w.status = 'CONNECTED'
          and w.number_check_next_at > now() - ${STALE_SECONDS} * interval '1 second') as next_in_seconds
    from contact_list_items i
    where i.contact_list_id = ${contactListId} and i.company_id = ${ctx.companyId}
  `)) as unknown as { total: number; checked: number; next_in_seconds: number | null }[];
  const total = row?.total ?? 0;
  const checked = row?.checked ?? 0;
  const next = row?.next_in_seconds ?? null;
  return { total, checked, nextInSeconds: checked < total && next !== null ? Math.max(0, next) : null };
}
