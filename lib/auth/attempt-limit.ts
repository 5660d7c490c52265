import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { authAttempts } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/**
 * One abuse limit: at most `limit` attempts per `key` in a fixed window of `windowMs`, counted in
 * the bucket `bucket` (login by email, login by address, sign-up, later password reset and the
 * external API). Counters live in Postgres (auth_attempts) so every app instance shares them.
 */
export type AttemptLimit = { bucket: string; key: string; limit: number; windowMs: number };

export const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The usual limits for a form anyone can post (login, sign-up, password reset), in 15 minutes: 10
 * per email AND client address (hard: a guesser's address is refused), 100 per email across
 * addresses, and 100 per client address (one office behind one address is not locked out by a
 * colleague's typos). Nobody can lock a chosen user out from their own address with 10 wrong
 * passwords from elsewhere; a guesser spreading over addresses still meets the email's 100.
 * Emails are kept lowercased; never a password.
 */
export function emailAndAddressLimits(bucket: string, email: string, address: string): [pair: AttemptLimit, email: AttemptLimit, address: AttemptLimit] {
  const key = email.trim().toLowerCase();
  return [
    { bucket: `${bucket}-pair`, key: `${key} ${address}`, limit: 10, windowMs: FIFTEEN_MINUTES },
    { bucket: `${bucket}-email`, key, limit: 100, windowMs: FIFTEEN_MINUTES },
    { bucket: `${bucket}-address`, key: address, limit: 100, windowMs: FIFTEEN_MINUTES },
  ];
}

/**
 * Counts one attempt against every limit in ONE statement (an upsert that answers the new counts),
 * so parallel requests cannot all slip under a limit, and refuses with 429 ERR_TOO_MANY_ATTEMPTS
 * and `retryAfter` (seconds until the fullest window frees) when any count is past its limit.
 * The attempt counts even when refused: a client that keeps trying keeps being refused until the
 * window (which does not move) ends.
 */
export async function countAttempt(db: DbOrTx, limits: AttemptLimit[], now = new Date()) {
  if (!limits.length) return;
  const expired = sql`${authAttempts.expiresAt} <= excluded.window_start`;
  const rows = await db
    .insert(authAttempts)
    .values(
      limits.map((l) => ({
        bucket: l.bucket,
        key: l.key,
        count: 1,
        windowStart: now,
        expiresAt: new Date(now.getTime() + l.windowMs),
      })),
    )
    .onConflictDoUpdate({
      target: [authAttempts.bucket, authAttempts.key],
      // an expired window starts again at this attempt; a live one just counts it
      set: {
        count: sql`case when ${expired} then 1 else ${authAttempts.count} + 1 end`,
        windowStart: sql`case when ${expired} then excluded.window_start else ${authAttempts.windowStart} end`,
        expiresAt: sql`case when ${expired} then excluded.expires_at else ${authAttempts.expiresAt} end`,
      },
    })
    .returning({ bucket: authAttempts.bucket, count: authAttempts.count, expiresAt: authAttempts.expiresAt });
  // a window started anew: time has passed, so sweep the rows whose windows are over
  if (rows.some((r) => r.count === 1)) await deleteExpiredAttempts(db, now);
  let retryAfter = 0;
  for (const r of rows) {
    const limit = limits.find((l) => l.bucket === r.bucket)!.limit;
    if (r.count > limit) retryAfter = Math.max(retryAfter, Math.ceil((r.expiresAt.getTime() - now.getTime()) / 1000));
  }
  if (retryAfter > 0) throw tooManyAttempts(retryAfter);
}

/** Takes back one attempt (e.g. a login that turned out right does not count against its address). */
export async function uncountAttempt(db: DbOrTx, limit: Pick<AttemptLimit, "bucket" | "key">, now = new Date()) {
  await db
    .update(authAttempts)
    .set({ count: sql`${authAttempts.count} - 1` })
    .where(
      and(
        eq(authAttempts.bucket, limit.bucket),
        eq(authAttempts.key, limit.key),
        gt(authAttempts.count, 0),
        gt(authAttempts.expiresAt, now),
      ),
    );
}

/** Forgets a key's attempts (a successful login resets its email's counter). */
export async function resetAttempts(db: DbOrTx, limit: Pick<AttemptLimit, "bucket" | "key">) {
  await db.delete(authAttempts).where(and(eq(authAttempts.bucket, limit.bucket), eq(authAttempts.key, limit.key)));
}

/** Removes rows whose window is over, so the table holds only live windows. */
export async function deleteExpiredAttempts(db: DbOrTx, now = new Date()) {
  await db.delete(authAttempts).where(lt(authAttempts.expiresAt, now));
}

export function tooManyAttempts(retryAfter: number) {
  return new AppError("ERR_TOO_MANY_ATTEMPTS", 429, { retryAfter: Math.max(1, retryAfter) });
}
