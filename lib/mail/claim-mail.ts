import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { mailMessages } from "@/db/schema";

/**
 * How long a claimed mail belongs to the instance that claimed it. A claim moves `nextAttemptAt`
 * this far ahead, so an instance that dies mid-send leaves the row due again after it (the lease),
 * and every send finishes well inside it (lib/mail/transport.ts timeouts).
 */
export const CLAIM_LEASE_MS = 2 * 60_000;

export type ClaimedMail = {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
};

type ClaimOptions = { ids?: number[]; limit?: number; now?: Date };

/**
 * Takes due pending mail (`nextAttemptAt` reached) for sending, oldest first: one statement locks
 * the rows with SKIP LOCKED, counts the attempt and moves `nextAttemptAt` to the end of the lease,
 * so several app instances (and the scheduler beside an after-commit send) never take one row twice.
 * `ids` limits the claim to those rows (the after-commit send of the mail just written).
 */
export async function claimDueMail(db: DbOrTx, { ids, limit = 20, now = new Date() }: ClaimOptions = {}): Promise<ClaimedMail[]> {
  if (ids && ids.length === 0) return [];
  const due = db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, "pending"), lte(mailMessages.nextAttemptAt, now), ids ? inArray(mailMessages.id, ids) : undefined))
    .orderBy(mailMessages.nextAttemptAt)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(mailMessages)
    .set({ attempts: sql`${mailMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS) })
    .where(inArray(mailMessages.id, due))
    .returning({
      id: mailMessages.id,
      to: mailMessages.to,
      from: mailMessages.from,
      subject: mailMessages.subject,
      text: mailMessages.text,
      html: mailMessages.html,
      attempts: mailMessages.attempts,
    });
}
