import { AppError } from "@/lib/api/errors";
import { isSubscriptionExpired } from "@/lib/companies/due-date";

/**
 * Whether a company may work now: active, and its due date still ahead (company timezone; on the
 * due date itself it is expired, spec core §4). Login, refresh and every authenticated request ask.
 */
export function assertCompanyActive(company: { status: boolean; dueDate: string | null; timezone: string }, now: Date = new Date()) {
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE", 403);
  if (isSubscriptionExpired(company.dueDate, company.timezone, now)) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: company.dueDate });
  }
}
