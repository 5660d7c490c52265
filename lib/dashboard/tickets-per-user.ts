import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { boundsOf, chartRange, companyTimezone } from "./range";
import type { ChartQuery } from "./schemas";

export type TicketsPerUser = { data: { name: string; quantity: number }[] };

/**
 * GET /api/dashboard/ticketsUsers, the "conversations per user" chart: the cycles each user took
 * in the range (startedAt in the range), credited to the cycle's attending user (the last one it
 * was transferred to). Users with none are left out; most conversations first.
 */
export async function ticketsPerUser(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, q: ChartQuery): Promise<TicketsPerUser> {
  const b = boundsOf(chartRange(q), await companyTimezone(db, ctx.companyId));
  // counted per user id first (one index range), then named: the join sees one row per user
  const rows = (await db.execute(sql`
    select u.name, c.quantity
    from (
      select user_id, count(*)::int as quantity from ticket_tracking
      where company_id = ${ctx.companyId} and user_id is not null
        and started_at >= ${b.start}::timestamptz and started_at < ${b.end}::timestamptz
      group by user_id
    ) c
      join users u on u.id = c.user_id and u.company_id = ${ctx.companyId}
    order by c.quantity desc, u.name, u.id
  `)) as unknown as { name: string; quantity: number }[];
  return { data: rows.map((r) => ({ name: r.name, quantity: Number(r.quantity) })) };
}
