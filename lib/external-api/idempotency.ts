import { and, eq, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { apiIdempotencyKeys } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/** How long a duplicate waits for the first request's answer before answering 409. */
const WAIT_MS = 5_000;
const POLL_MS = 100;

export type Replay = { status: number; body: unknown };
export type Claim = { id: number } | { replay: Replay };

/** `requestHash`: the request's (lib/external-api/request-hash.ts); null holds the key for any request. */
type Scope = { companyId: number; whatsappId: number; key: string; requestHash?: string | null };

/**
 * Insert-first: the request that inserts the row owns the key and sends; any other (a retry, or a
 * racing duplicate stopped by the unique key) answers the owner's stored answer, waiting briefly
 * while the owner is still at work. A request unlike the owner's (another hash) is refused at once,
 * 422 ERR_IDEMPOTENCY_KEY_REUSED, rather than answered an answer to something it did not ask; a key
 * stored before requests were hashed (no hash) answers any request, as it did. Expired keys are
 * swept here, lazily (the index on expires_at keeps it cheap), which also frees an expired key for
 * its new first use.
 */
export async function claimIdempotencyKey(db: Db, scope: Scope, now = new Date()): Promise<Claim> {
  await db.delete(apiIdempotencyKeys).where(lt(apiIdempotencyKeys.expiresAt, now));
  const [mine] = await db
    .insert(apiIdempotencyKeys)
    .values({ ...scope, status: "pending", expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS) })
    .onConflictDoNothing({ target: [apiIdempotencyKeys.whatsappId, apiIdempotencyKeys.key] })
    .returning({ id: apiIdempotencyKeys.id });
  if (mine) return mine;
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await db
      .select({
        status: apiIdempotencyKeys.status,
        code: apiIdempotencyKeys.responseStatus,
        body: apiIdempotencyKeys.responseBody,
        hash: apiIdempotencyKeys.requestHash,
      })
      .from(apiIdempotencyKeys)
      .where(and(eq(apiIdempotencyKeys.whatsappId, scope.whatsappId), eq(apiIdempotencyKeys.key, scope.key), eq(apiIdempotencyKeys.companyId, scope.companyId)));
    if (row?.hash && scope.requestHash && row.hash !== scope.requestHash) throw new AppError("ERR_IDEMPOTENCY_KEY_REUSED", 422);
    if (row?.status === "done") return { replay: { status: row.code ?? 200, body: row.body } };
    // the owner failed and let the key go: this request may take it
    if (!row) return claimIdempotencyKey(db, scope, now);
    if (Date.now() >= deadline) throw new AppError("ERR_IDEMPOTENCY_IN_PROGRESS", 409);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** Stores the answer, in the transaction that queued the messages: both commit or neither. */
export async function finishIdempotencyKey(tx: DbOrTx, id: number, answer: Replay) {
  await tx
    .update(apiIdempotencyKeys)
    .set({ status: "done", responseStatus: answer.status, responseBody: answer.body })
    .where(eq(apiIdempotencyKeys.id, id));
}

/** The send failed (nothing was queued): the key is free for the client's retry. */
export async function releaseIdempotencyKey(db: DbOrTx, id: number) {
  await db.delete(apiIdempotencyKeys).where(and(eq(apiIdempotencyKeys.id, id), eq(apiIdempotencyKeys.status, "pending")));
}
