import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts, queues } from "@/db/schema";
import { lockQueue } from "@/lib/queues/lock-queue";

/**
 * A prompt's queue (issue 17 §1): the chatbot reads `queues.prompt_id`, the prompts screen
 * `prompts.queue_id`; both are written here, in the caller's transaction.
 *
 * One prompt per queue. Saving a prompt for a queue that already had another one takes the queue:
 * the other prompt is left without a queue (shown so on the list; saving it again needs a queue)
 * and its id is answered so the caller publishes its update. The latest save wins, as it does on
 * the queue screen's own prompt select.
 */

/** Locks the company's queue (404 ERR_NO_QUEUE_FOUND otherwise), before the prompt row is written. */
export const lockPromptQueue = (tx: DbOrTx, companyId: number, queueId: number) => lockQueue(tx, companyId, queueId);

/** Points the queue at the prompt; answers the ids of the prompts that lost it. */
export async function attachQueue(tx: DbOrTx, companyId: number, promptId: number, queueId: number): Promise<number[]> {
  const displaced = await tx
    .update(prompts)
    .set({ queueId: null, updatedAt: new Date() })
    .where(and(eq(prompts.companyId, companyId), eq(prompts.queueId, queueId), ne(prompts.id, promptId)))
    .returning({ id: prompts.id });
  await tx
    .update(queues)
    .set({ promptId, updatedAt: new Date() })
    .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
  return displaced.map((d) => d.id);
}

/** The queue lets go of the prompt (when it still holds it: the queue screen may have moved on). */
export async function detachQueue(tx: DbOrTx, companyId: number, promptId: number, queueId: number): Promise<void> {
  await tx
    .update(queues)
    .set({ promptId: null, updatedAt: new Date() })
    .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId), eq(queues.promptId, promptId)));
}

/**
 * The queue screen's side (POST/PUT /queue with promptId): the queue picks a prompt (or none). The
 * prompt's own queue follows, so the prompts list and the chatbot agree: the chosen prompt moves to
 * this queue (its old queue lets go of it), a prompt this queue held before is left without one.
 * Locks the queue, then the prompt (the order prompt saves use). Answers the prompts that changed.
 */
export async function queuePicksPrompt(tx: DbOrTx, companyId: number, queueId: number, promptId: number | null): Promise<number[]> {
  await lockQueue(tx, companyId, queueId);
  const changed = await tx
    .update(prompts)
    .set({ queueId: null, updatedAt: new Date() })
    .where(and(eq(prompts.companyId, companyId), eq(prompts.queueId, queueId), promptId ? ne(prompts.id, promptId) : undefined))
    .returning({ id: prompts.id });
  if (!promptId) return changed.map((c) => c.id);
  const [chosen] = await tx
    .select({ queueId: prompts.queueId })
    .from(prompts)
    .where(and(eq(prompts.companyId, companyId), eq(prompts.id, promptId)))
    .for("update");
  if (!chosen || chosen.queueId === queueId) return changed.map((c) => c.id);
  if (chosen.queueId) await detachQueue(tx, companyId, promptId, chosen.queueId);
  await tx.update(prompts).set({ queueId, updatedAt: new Date() }).where(eq(prompts.id, promptId));
  return [...changed.map((c) => c.id), promptId];
}
