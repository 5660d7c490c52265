import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, type ScheduleEntry } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { assertOwnCompany } from "./get-company-schedules";
import { publishCompanySchedules } from "./publish-settings";
import type { CompanySchedulesValues } from "./schemas";
import { WEEKDAY_KEYS } from "./weekdays";

/**
 * PUT /companies/{id}/schedules (admins of that company): replaces the company's work hours,
 * stored in weekday order, and tells the company's users.
 */
export async function updateCompanySchedules(db: DbOrTx, ctx: TenantContext, companyId: number, input: CompanySchedulesValues) {
  assertOwnCompany(ctx, companyId);
  const schedules: ScheduleEntry[] = [...input.schedules]
    .sort((a, b) => WEEKDAY_KEYS.indexOf(a.weekdayEn) - WEEKDAY_KEYS.indexOf(b.weekdayEn))
    .map(({ weekday, weekdayEn, startTime, endTime }) => ({ weekday, weekdayEn, startTime, endTime }));
  const [row] = await db
    .update(companies)
    .set({ schedules, updatedAt: sql`now()` })
    .where(eq(companies.id, ctx.companyId))
    .returning({ id: companies.id, schedules: companies.schedules });
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  await publishCompanySchedules(ctx.companyId, row.schedules);
  return row;
}
