import type { Db } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { findOwnerCompanyId } from "@/lib/companies/owner-company";
import { hashPassword } from "@/lib/auth/password";
import { assertUserSlot } from "@/lib/users/assert-user-slot";
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
    await assertUserSlot(tx, companyId, admin.email);
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
