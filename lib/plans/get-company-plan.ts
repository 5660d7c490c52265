import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, plans } from "@/db/schema";

/** The plan of a company with its feature flags (GET /companies/listPlan/{companyId}). */
export async function getCompanyPlan(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ plan: plans })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row?.plan ?? null;
}
