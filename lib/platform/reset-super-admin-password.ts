import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { passwordSchema } from "./schemas";

/**
 * `npm run admin -- reset-password`: a super admin's new password. The token version bump ends
 * every session of that user, as logout and an admin's password change do (lib/auth/request-context.ts
 * refuses tokens of an older version). Other users reset theirs in the app.
 */
export async function resetSuperAdminPassword(db: Db, email: string, password: string) {
  const passwordHash = await hashPassword(passwordSchema.parse(password));
  const [user] = await db
    .select({ id: users.id, super: users.super })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  if (!user.super) throw new AppError("ERR_NO_PERMISSION", 403);
  await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, online: false, updatedAt: new Date() })
    .where(eq(users.id, user.id));
  return { userId: user.id };
}
