import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { plans } from "@/db/schema";
import { createCompany } from "@/lib/companies/create-company";
import { DEFAULT_PLAN, OWNER_ADMIN_NAME, OWNER_COMPANY_NAME } from "./default-plan";
import { superAdminSchema, type SuperAdminInput } from "./schemas";

export type PlatformOwner = { companyId: number; companyName: string; planId: number; planName: string; userId: number; email: string };

/**
 * The platform owner on a database with no user: the default plan (kept if a plan of that name is
 * already there), the owner's company (no due date: it never expires) and its super admin. The
 * caller holds the migration lock (db/migrate.ts) and has seen that no user exists.
 */
export async function createPlatformOwner(db: Db, input: SuperAdminInput): Promise<PlatformOwner> {
  const admin = superAdminSchema.parse(input);
  await db.insert(plans).values(DEFAULT_PLAN).onConflictDoNothing({ target: plans.name });
  const [plan] = await db.select({ id: plans.id, name: plans.name }).from(plans).where(eq(plans.name, DEFAULT_PLAN.name));
  const { company, adminId } = await createCompany(db, {
    name: OWNER_COMPANY_NAME,
    email: admin.email,
    planId: plan.id,
    dueDate: null,
    admin: { name: admin.name ?? OWNER_ADMIN_NAME, email: admin.email, password: admin.password, super: true },
  });
  return { companyId: company.id, companyName: company.name, planId: plan.id, planName: plan.name, userId: adminId, email: admin.email };
}
