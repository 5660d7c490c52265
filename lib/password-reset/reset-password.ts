import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { passwordResets, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { countAttempt, emailAndAddressLimits, resetAttempts } from "@/lib/auth/attempt-limit";
import { hashPassword } from "@/lib/auth/password";
import { codeMatches, isWellFormedCode, MAX_WRONG_TRIES, normalizeCode, RESET_BUCKET } from "./code";
import { findResetUser } from "./find-reset-user";
import type { ResetPasswordInput } from "./schemas";
import { scrubError } from "./scrub-error";

type Outcome = "invalid" | "expired" | "done";

/**
 * POST /resetpasswords: sets a new password with the code of the mail. Only the user's newest code
 * counts, while it is unused, younger than 30 minutes and has had fewer than 5 wrong tries; a wrong
 * code counts a try (committed, so the fifth kills the code). Success spends the code, stores the
 * password and bumps the token version, which ends every session and refresh token of the user.
 * Tries also count against the email and the client address, as login's do.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, client: { address: string; now?: Date }) {
  const now = client.now ?? new Date();
  await countAttempt(db, emailAndAddressLimits(`${RESET_BUCKET}-code`, input.email, client.address), now);
  const typed = normalizeCode(input.token);
  // hashed before the row lock is taken: bcrypt is slow on purpose
  const passwordHash = await hashPassword(input.password);
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const user = await findResetUser(tx, input.email, { lock: true });
    if (!user) return "invalid";
    const [code] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, user.id))
      .orderBy(desc(passwordResets.createdAt), desc(passwordResets.id))
      .limit(1);
    if (!code) return "invalid";
    if (code.usedAt || code.expiresAt <= now || code.failedAttempts >= MAX_WRONG_TRIES) return "expired";
    if (!isWellFormedCode(typed) || !codeMatches(user.id, typed, code.codeHash)) {
      await tx
        .update(passwordResets)
        .set({ failedAttempts: sql`${passwordResets.failedAttempts} + 1` })
        .where(eq(passwordResets.id, code.id));
      return "invalid";
    }
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.id, code.id), eq(passwordResets.userId, user.id)));
    await tx
      .update(users)
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, online: false, updatedAt: now })
      .where(and(eq(users.id, user.id), eq(users.companyId, user.companyId)));
    return "done";
  }).catch((err) => {
    throw scrubError(err);
  });
  if (outcome === "invalid") throw new AppError("ERR_RESET_CODE_INVALID", 400);
  if (outcome === "expired") throw new AppError("ERR_RESET_CODE_EXPIRED", 400);
  // the owner proved they hold the mailbox: earlier failed logins no longer stand in their way
  const [pair, email] = emailAndAddressLimits("login", input.email, client.address);
  await resetAttempts(db, pair);
  await resetAttempts(db, email);
}
