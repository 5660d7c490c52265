import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, plans, settings, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { assertCompanyNameFree } from "./company-name";
import { DEFAULT_SETTINGS } from "./default-settings";

export type NewCompany = {
  name: string;
  email: string;
  phone?: string | null;
  planId: number;
  dueDate: string | null;
  recurrence?: string;
  /** false: created suspended */
  status?: boolean;
  timezone?: string;
  trialExpiration?: Date | null;
  admin: { name: string; email: string; password: string; super?: boolean };
  settings?: Record<string, string>;
};

/**
 * Creates a company, its default settings and its first admin, in one transaction (sign-up, the
 * super admin's POST /companies, the first start). The name must be free (case-insensitive, 409
 * ERR_COMPANY_NAME_EXISTS) and the admin's email unused (409 ERR_USER_EMAIL_EXISTS). The plan row
 * is read FOR KEY SHARE: a plan being deleted at the same time either waits for this company (and
 * then refuses, ERR_PLAN_IN_USE) or is gone first (404 ERR_NO_PLAN_FOUND here).
 */
export async function createCompany(db: DbOrTx, input: NewCompany) {
  const passwordHash = await hashPassword(input.admin.password);
  return db.transaction(async (tx) => {
    const [plan] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, input.planId)).for("key share");
    if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    await assertCompanyNameFree(tx, input.name);
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, input.admin.email.toLowerCase()));
    if (taken) throw new AppError("ERR_USER_EMAIL_EXISTS", 409);
    const [company] = await tx
      .insert(companies)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        planId: plan.id,
        status: input.status ?? true,
        dueDate: input.dueDate,
        recurrence: input.recurrence ?? "MENSAL",
        timezone: input.timezone ?? "America/Sao_Paulo",
        trialExpiration: input.trialExpiration ?? null,
      })
      .returning();
    const values = { ...DEFAULT_SETTINGS, ...input.settings };
    await tx
      .insert(settings)
      .values(Object.entries(values).map(([key, value]) => ({ companyId: company.id, key, value })));
    const [admin] = await tx
      .insert(users)
      .values({
        companyId: company.id,
        name: input.admin.name,
        email: input.admin.email.toLowerCase(),
        passwordHash,
        profile: "admin",
        super: input.admin.super ?? false,
        allTicket: "enable",
      })
      .returning({ id: users.id });
    return { company, adminId: admin.id };
  });
}
