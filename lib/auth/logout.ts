import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";

/** Ends every session of the user (token version bump) and marks them offline. */
export async function logout(db: DbOrTx, companyId: number, userId: number) {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false, lastSeenAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
}
