import { count, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { companies, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { findOwnerCompanyId } from "@/lib/companies/owner-company";
import { hashPassword } from "@/lib/auth/password";
import { assertEmailFree } from "@/lib/users/check-user-references";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { OWNER_ADMIN_NAME } from "./default-plan";
import { superAdminSchema, type SuperAdminInput } from "./schemas";

/**
 * Another super admin, in the owner's company (`npm run admin -- create` once users exist). The
 * plan's user limit holds as in POST /users: the company row is locked while counting.
 */
export async function createSuperAdmin(db: Db, input: SuperAdminInput) {
  const admin = superAdminSchema.parse(input);
  const companyId = await findOwnerCompanyId(db);
  if (!companyId) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const plan = await getCompanyPlan(tx, companyId);
    const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
    if (!plan || n >= plan.users) throw new AppError("ERR_USER_LIMIT_REACHED", 403, { limit: plan?.users ?? 0 });
    await assertEmailFree(tx, admin.email);
    const [row] = await tx
      .insert(users)
      .values({
        companyId,
        name: admin.name ?? OWNER_ADMIN_NAME,
        email: admin.email,
        passwordHash,
        profile: "admin",
        super: true,
        allTicket: "enable",
      })
      .returning({ id: users.id });
    return { companyId, userId: row.id, email: admin.email };
  });
}
