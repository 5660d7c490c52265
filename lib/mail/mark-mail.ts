import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { mailMessages } from "@/db/schema";
import type { ClaimedMail } from "./claim-mail";

/** Sends tried before a mail is given up as failed. */
export const MAX_MAIL_ATTEMPTS = 5;

/** Wait before the next try, by the number of tries made so far: 1 min, 5 min, 15 min, 1 h. */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000];

export const backoffAfter = (attempts: number) => BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];

// Only the claim that made this attempt settles it: a row whose lease lapsed and was claimed again
// has more attempts and belongs to the newer claim.
const ours = (mail: Pick<ClaimedMail, "id" | "attempts">) =>
  and(eq(mailMessages.id, mail.id), eq(mailMessages.status, "pending"), eq(mailMessages.attempts, mail.attempts));

export async function markMailSent(db: DbOrTx, mail: Pick<ClaimedMail, "id" | "attempts">, now = new Date()) {
  await db.update(mailMessages).set({ status: "sent", sentAt: now, nextAttemptAt: null, lastError: null }).where(ours(mail));
}

/**
 * A send failed: due again after the backoff while tries are left, else `failed`. Either way the
 * error is kept (the server's answer, never the mail's text). Answers whether it gave up.
 */
export async function markMailAttemptFailed(db: DbOrTx, mail: Pick<ClaimedMail, "id" | "attempts">, error: string, now = new Date()) {
  const giveUp = mail.attempts >= MAX_MAIL_ATTEMPTS;
  await db
    .update(mailMessages)
    .set({
      status: giveUp ? "failed" : "pending",
      nextAttemptAt: giveUp ? null : new Date(now.getTime() + backoffAfter(mail.attempts)),
      lastError: error.slice(0, 500),
    })
    .where(ours(mail));
  return giveUp;
}
