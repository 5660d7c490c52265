import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/**
 * Finds the company's queue and holds it for the transaction, so option writes of one queue run one
 * at a time (two options of a level cannot take the same number). NO KEY UPDATE leaves other
 * rows' foreign-key checks on the queue (tickets, users) unblocked. Missing or foreign: 404.
 */
export async function lockQueue(tx: DbOrTx, companyId: number, queueId: number) {
  const [row] = await tx
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)))
    .for("no key update");
  if (!row) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
}
