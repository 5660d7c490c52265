import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, type ScheduleEntry } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";

/** The id in the path must be the caller's own company: any other answers 404 (spec: as if missing). */
export function assertOwnCompany(ctx: TenantContext, companyId: number) {
  if (companyId !== ctx.companyId) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
}

/** GET /companies/{id}/schedules: the company's work hours (an empty list until first saved). */
export async function getCompanySchedules(db: DbOrTx, ctx: TenantContext, companyId: number): Promise<{ id: number; schedules: ScheduleEntry[] }> {
  assertOwnCompany(ctx, companyId);
  const [row] = await db.select({ id: companies.id, schedules: companies.schedules }).from(companies).where(eq(companies.id, ctx.companyId));
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}
