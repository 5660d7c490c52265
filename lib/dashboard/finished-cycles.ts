import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { Bounds } from "./range";

/** The cycles of one attending user (null: nobody took them) finished in the range. */
export type FinishedByUser = {
  userId: number | null;
  /** cycles finished in the range */
  finished: number;
  /** of those, the ones an agent had started (the ones with a support time) */
  timed: number;
  /** sum of finishedAt − startedAt over the timed ones, in seconds */
  supportSeconds: number;
};

/**
 * One pass over the cycles finished in [start, end) (ticket_tracking_company_finished_idx),
 * grouped by the attending user: the totals give Finalizados and T.M. de Conversa, the groups the
 * attendants' average support time.
 */
export async function finishedByUser(db: DbOrTx, companyId: number, b: Bounds): Promise<FinishedByUser[]> {
  const rows = (await db.execute(sql`
    select user_id as "userId",
      count(*)::int as finished,
      count(started_at)::int as timed,
      coalesce(extract(epoch from sum(finished_at - started_at)), 0)::float8 as "supportSeconds"
    from ticket_tracking
    where company_id = ${companyId}
      and finished_at >= ${b.start}::timestamptz and finished_at < ${b.end}::timestamptz
    group by user_id
  `)) as unknown as FinishedByUser[];
  return rows.map((r) => ({ userId: r.userId, finished: Number(r.finished), timed: Number(r.timed), supportSeconds: Number(r.supportSeconds) }));
}

/** Seconds to minutes, two decimals; null when nothing was measured. */
export function minutes(seconds: number, count: number): number | null {
  if (count === 0) return null;
  return Math.round((seconds / count / 60) * 100) / 100;
}
