import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

// The one definition (issue 13): the platform owner's company is the one holding a super user.

/** SQL: the company row in scope holds a super user (select lists of company queries). */
export const holdsSuperUser = sql<boolean>`exists (select 1 from ${users} where ${users.companyId} = ${companies.id} and ${users.super})`;

/** Whether this company is the platform owner's. */
export async function isOwnerCompany(db: DbOrTx, companyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.super, true)))
    .limit(1);
  return Boolean(row);
}

/** The owner's company id (the oldest super user's, should there be several), or null before the first start. */
export async function findOwnerCompanyId(db: DbOrTx): Promise<number | null> {
  const [row] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.super, true)).orderBy(asc(users.id)).limit(1);
  return row?.companyId ?? null;
}

/** 409 ERR_COMPANY_PROTECTED: the owner's company is never suspended, deleted or given a due date. */
export async function assertNotOwnerCompany(db: DbOrTx, companyId: number) {
  if (await isOwnerCompany(db, companyId)) throw new AppError("ERR_COMPANY_PROTECTED", 409);
}
