import { addDaysToDate, daysBetween, todayIn } from "@/lib/dates/today";

// spec core §4: "the company's subscription due date must be in the future". The one rule login,
// refresh, every authenticated request, the login warning toast and the top bar share.

/** Whether a company with this due date is expired `now`: from its due date on, in its timezone. */
export function isSubscriptionExpired(dueDate: string | null, timezone: string, now: Date = new Date()): boolean {
  return dueDate !== null && dueDate <= todayIn(timezone, now);
}

/** Whole days from today (company timezone) to the due date: 1 on the last active day. */
export function daysUntilDue(dueDate: string, timezone: string, now: Date = new Date()): number {
  return daysBetween(todayIn(timezone, now), dueDate);
}

/** The last day the company may work: the day before its due date ("Ativo até"). */
export const lastActiveDay = (dueDate: string) => addDaysToDate(dueDate, -1);
