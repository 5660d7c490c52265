import { formatInTimeZone } from "date-fns-tz";
import { daysBetween, todayIn } from "@/lib/dates/today";

/**
 * spec admin §2.6: the trial's days remaining, "days between now and trialExpiration", counted in
 * calendar days of the company's timezone (a 3-day trial started today shows 3, like its due date).
 * Never below 0; null when the company has no trial.
 */
export function trialDaysLeft(trialExpiration: Date | string | null, timezone: string, now: Date = new Date()): number | null {
  if (!trialExpiration) return null;
  const end = new Date(trialExpiration);
  if (Number.isNaN(end.getTime())) return null;
  return Math.max(0, daysBetween(todayIn(timezone, now), formatInTimeZone(end, timezone, "yyyy-MM-dd")));
}
