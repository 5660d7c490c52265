import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { attendantFacts, buildAttendants, type Attendant } from "./attendants";
import { buildCounters, counterFacts, type DashboardCounters } from "./counters";
import { finishedByUser } from "./finished-cycles";
import { boundsOf, companyTimezone, dashboardRange } from "./range";
import type { DashboardQuery } from "./schemas";

export type Dashboard = { counters: DashboardCounters; attendants: Attendant[] };

/** GET /api/dashboard: the counters and the attendants of the caller's company over the asked days. */
export async function getDashboard(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, q: DashboardQuery, now = new Date()): Promise<Dashboard> {
  const timezone = await companyTimezone(db, ctx.companyId);
  const bounds = boundsOf(dashboardRange(q, timezone, now), timezone);
  // independent statements, side by side on the pool
  const [finished, counters, people] = await Promise.all([
    finishedByUser(db, ctx.companyId, bounds),
    counterFacts(db, ctx.companyId, bounds),
    attendantFacts(db, ctx.companyId, bounds),
  ]);
  return { counters: buildCounters(counters, finished), attendants: buildAttendants(people, finished) };
}
