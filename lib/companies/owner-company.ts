import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/** The platform owner's company is the one holding a super user (issue 13 contract). */
export async function isOwnerCompany(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.super, true)))
    .limit(1);
  return Boolean(row);
}

/** 409 ERR_COMPANY_PROTECTED: the owner's company is never suspended, deleted or given a due date. */
export async function assertNotOwnerCompany(db: DbOrTx, companyId: number) {
  if (await isOwnerCompany(db, companyId)) throw new AppError("ERR_COMPANY_PROTECTED", 409);
}
