import { formatInTimeZone } from "date-fns-tz";

export const DEFAULT_TIMEZONE = "America/Sao_Paulo";

/** Today's date (yyyy-MM-dd) in the company's timezone. */
export function todayIn(timezone: string = DEFAULT_TIMEZONE, now: Date = new Date()): string {
  return formatInTimeZone(now, timezone, "yyyy-MM-dd");
}

/** Adds whole days to a yyyy-MM-dd date, staying in calendar arithmetic (no timezone drift). */
export function addDaysToDate(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both yyyy-MM-dd). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);
}

/** yyyy-MM-dd to DD/MM/YYYY, the spec's display format. */
export const formatDayBr = (date: string) => date.split("-").reverse().join("/");
