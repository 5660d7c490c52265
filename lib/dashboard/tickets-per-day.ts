import { fromZonedTime } from "date-fns-tz";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { addDaysToDate, formatDayBr } from "@/lib/dates/today";
import { boundsOf, chartRange, companyTimezone, midnight, type Bounds } from "./range";
import type { ChartQuery } from "./schemas";

export type TicketsPerDay = { data: ({ date: string; total: number } | { hour: string; total: number })[]; count: number };

type Bucket = { label: string; start: string; end: string };

/**
 * GET /api/dashboard/ticketsDay, the "tickets per day" chart: the cycles (conversations: a new
 * ticket or a reopened one) queued in the range, per day (dd/MM/yyyy), or per hour (HH) when the
 * range is one day, in the company's timezone. Every day or hour of the range is listed, empty
 * ones with 0, so the bars keep their places; `count` is the range's total.
 */
export async function ticketsPerDay(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, q: ChartQuery): Promise<TicketsPerDay> {
  const b = boundsOf(chartRange(q), await companyTimezone(db, ctx.companyId));
  const byHour = b.from === b.to;
  const buckets = byHour ? hoursOf(b) : daysOf(b);
  const totals = await countPerBucket(db, ctx.companyId, buckets);
  const data = buckets.map((bucket, i) => (byHour ? { hour: bucket.label, total: totals[i] } : { date: bucket.label, total: totals[i] }));
  return { data, count: totals.reduce((sum, n) => sum + n, 0) };
}

// One index-only count per bucket (ticket_tracking_company_created_idx): cheaper than converting
// and grouping every row, and the buckets' edges come from the timezone rules (23- or 25-hour days).
async function countPerBucket(db: DbOrTx, companyId: number, buckets: Bucket[]): Promise<number[]> {
  const starts = `{${buckets.map((x) => x.start).join(",")}}`;
  const ends = `{${buckets.map((x) => x.end).join(",")}}`;
  const rows = (await db.execute(sql`
    select d.i::int as i, (
      select count(*)::int from ticket_tracking t
      where t.company_id = ${companyId} and t.created_at >= d.s and t.created_at < d.e
    ) as total
    from unnest(${starts}::timestamptz[], ${ends}::timestamptz[]) with ordinality d(s, e, i)
    order by d.i
  `)) as unknown as { i: number; total: number }[];
  return rows.map((r) => Number(r.total));
}

function daysOf(b: Bounds): Bucket[] {
  const days: Bucket[] = [];
  for (let d = b.from; d <= b.to; d = addDaysToDate(d, 1)) {
    days.push({ label: formatDayBr(d), start: midnight(d, b.timezone), end: midnight(addDaysToDate(d, 1), b.timezone) });
  }
  return days;
}

function hoursOf(b: Bounds): Bucket[] {
  const at = (h: number) => (h === 24 ? b.end : fromZonedTime(`${b.from}T${String(h).padStart(2, "0")}:00:00`, b.timezone).toISOString());
  return Array.from({ length: 24 }, (_, h) => ({ label: String(h).padStart(2, "0"), start: at(h), end: at(h + 1) }));
}
