import { AppError } from "@/lib/api/errors";
import { isSubscriptionExpired } from "@/lib/companies/due-date";

/**
 * Whether a company may work now: active, and its due date still ahead (company timezone; on the
 * due date itself it is expired, spec core §4). Login, refresh and every authenticated request ask.
 */
export function assertCompanyActive(company: { status: boolean; dueDate: string | null; timezone: string }, now: Date = new Date()) {
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE", 403);
  if (dueDateNear(company.dueDate, now) && isSubscriptionExpired(company.dueDate, company.timezone, now)) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: company.dueDate });
  }
}

/**
 * Whether the company's timezone may decide: every timezone's date is within a day of UTC's, so a
 * due date later than UTC's tomorrow is ahead everywhere and needs no timezone arithmetic
 * (date-fns-tz, tens of µs on every request otherwise). Dates up to then are judged exactly.
 */
function dueDateNear(dueDate: string | null, now: Date): boolean {
  if (dueDate === null) return false;
  return dueDate <= new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
}
