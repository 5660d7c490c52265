import { eq } from "drizzle-orm";
import { fromZonedTime } from "date-fns-tz";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { addDaysToDate, daysBetween, DEFAULT_TIMEZONE, todayIn } from "@/lib/dates/today";
import { MAX_RANGE_DAYS, type ChartQuery, type DashboardQuery } from "./schemas";

/** Whole days, both inclusive (yyyy-MM-dd in the company's timezone). */
export type DayRange = { from: string; to: string };

/**
 * The instants a day range covers, for SQL: [start, end) as ISO strings, with the company's
 * timezone for grouping by local day or hour.
 */
export type Bounds = DayRange & { start: string; end: string; timezone: string };

/** The company's timezone (companies.timezone), or the default when it is not a name Intl knows. */
export async function companyTimezone(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return validTimezone(row?.timezone);
}

export function validTimezone(tz: string | null | undefined): string {
  if (!tz) return DEFAULT_TIMEZONE;
  try {
    new Intl.DateTimeFormat("en", { timeZone: tz });
    return tz;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

/** The days of a dashboard query: `days` = the last N days with today; else date_from..date_to (default today). */
export function dashboardRange(q: DashboardQuery, timezone: string, now = new Date()): DayRange {
  const today = todayIn(timezone, now);
  if (q.days !== undefined) return { from: addDaysToDate(today, 1 - q.days), to: today };
  if (!q.date_from) throw invalid("days", "days or date_from is required");
  return checkedRange({ from: q.date_from, to: q.date_to ?? today });
}

export const chartRange = (q: ChartQuery): DayRange => checkedRange({ from: q.initialDate, to: q.finalDate });

// a cap so one request cannot ask for centuries of per-day rows
function checkedRange(r: DayRange): DayRange {
  const length = daysBetween(r.from, r.to) + 1;
  if (length < 1 || length > MAX_RANGE_DAYS) {
    throw invalid("date_to", `a range of 1 to ${MAX_RANGE_DAYS} days`);
  }
  return r;
}

// the same answer as a zod failure of the query: 400 ERR_VALIDATION with the issue
const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", 400, { issues: [{ path, message }] });

/** Midnight at the start of `from` to midnight after `to`, in the company's timezone. */
export function boundsOf(range: DayRange, timezone: string): Bounds {
  return { ...range, start: midnight(range.from, timezone), end: midnight(addDaysToDate(range.to, 1), timezone), timezone };
}

/** The instant a yyyy-MM-dd day begins in a timezone (ISO). */
export const midnight = (day: string, timezone: string) => fromZonedTime(`${day}T00:00:00`, timezone).toISOString();
