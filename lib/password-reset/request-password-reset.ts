import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "@/db";
import { passwordResets } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { countAttempt, emailAndAddressLimits } from "@/lib/auth/attempt-limit";
import { deliverMailNow } from "@/lib/mail/deliver-mail";
import { enqueueMail } from "@/lib/mail/enqueue";
import { CODE_TTL_MS, generateResetCode, hashResetCode, RESET_BUCKET } from "./code";
import { findResetUser } from "./find-reset-user";
import { buildResetMail } from "./reset-mail";
import { scrubError } from "./scrub-error";

type Client = { address: string; companyId?: number; now?: Date };

/**
 * POST /forgetpassword/{email}: mails a one-time code. Every request counts against the email and
 * the client address (10 and 100 in 15 minutes, then 429). An unknown email answers 404 (the
 * spec's client shows 'Email não encontrado'). In one transaction, with the user row locked so two
 * requests cannot both leave a live code: older live codes end, the new one is stored hashed, and
 * the mail goes to the outbox; it is sent right after commit (kept in the sandbox mailbox without SMTP).
 */
export async function requestPasswordReset(db: Db, email: string, client: Client) {
  const now = client.now ?? new Date();
  await countAttempt(db, emailAndAddressLimits(RESET_BUCKET, email, client.address), now);
  const code = generateResetCode();
  const mailId = await db.transaction(async (tx) => {
    const user = await findResetUser(tx, email, { companyId: client.companyId, lock: true });
    if (!user) throw new AppError("ERR_EMAIL_NOT_FOUND", 404);
    // spec: a new request replaces the older code
    await tx
      .update(passwordResets)
      .set({ expiresAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)));
    await tx.insert(passwordResets).values({ userId: user.id, codeHash: hashResetCode(user.id, code), expiresAt: new Date(now.getTime() + CODE_TTL_MS), createdAt: now });
    return enqueueMail(tx, buildResetMail(user, code));
  }).catch((err) => {
    throw scrubError(err);
  });
  await deliverMailNow([mailId]);
}
