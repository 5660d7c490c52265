import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { webhookDeliveries } from "@/db/schema";
import type { ClaimedDelivery } from "./claim-deliveries";

/** Deliveries are retried for this long after the event, then given up as failed. */
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** Wait after the n-th failed attempt: 30 s doubling (1, 2, 4 min ...), at most an hour. */
export const webhookBackoff = (attempts: number) => Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

// only the claim that made this attempt settles it (a lapsed lease claimed again has more attempts)
const ours = (d: Pick<ClaimedDelivery, "id" | "attempts">) =>
  and(eq(webhookDeliveries.id, d.id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.attempts, d.attempts));

export async function markDelivered(db: DbOrTx, d: ClaimedDelivery, statusCode: number, now = new Date()) {
  await db
    .update(webhookDeliveries)
    .set({ status: "delivered", deliveredAt: now, lastStatusCode: statusCode, lastError: null, leaseUntil: null })
    .where(ours(d));
}

/**
 * An attempt failed (non-2xx, timeout, refused address, no URL): due again after the backoff while
 * the 24 h window lasts, else failed. Answers whether it gave up.
 */
export async function markAttemptFailed(db: DbOrTx, d: ClaimedDelivery, statusCode: number | null, error: string, now = new Date()) {
  const next = new Date(now.getTime() + webhookBackoff(d.attempts));
  const giveUp = next.getTime() - d.createdAt.getTime() > RETRY_WINDOW_MS;
  await db
    .update(webhookDeliveries)
    .set({ status: giveUp ? "failed" : "pending", nextAttemptAt: next, lastStatusCode: statusCode, lastError: error.slice(0, 500), leaseUntil: null })
    .where(ours(d));
  return giveUp;
}
