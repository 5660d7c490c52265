import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueOptions } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import type { QueueOptionRow } from "./build-option-tree";
import type { ListOptionsQuery } from "./option-schemas";
import { optionColumns, optionOrder } from "./option-view";
import { getQueue } from "./queue-view";

/**
 * GET /queue-options: one level of a queue's tree in menu order — the roots for parentId -1, an
 * option's children for its id — or, without parentId, every option of the queue (flat, each with
 * its parentId). The queue and the parent must be the company's (404 otherwise).
 */
export async function listQueueOptions(db: DbOrTx, companyId: number, { queueId, parentId }: ListOptionsQuery): Promise<QueueOptionRow[]> {
  await getQueue(db, companyId, queueId);
  if (parentId !== undefined && parentId > 0) {
    const [parent] = await db
      .select({ id: queueOptions.id })
      .from(queueOptions)
      .where(and(eq(queueOptions.id, parentId), eq(queueOptions.queueId, queueId), eq(queueOptions.companyId, companyId)));
    if (!parent) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
  }
  const level = parentId === undefined ? undefined : parentId === -1 ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId);
  // served by queue_options_queue_parent_idx
  return db
    .select(optionColumns)
    .from(queueOptions)
    .where(and(eq(queueOptions.queueId, queueId), eq(queueOptions.companyId, companyId), level))
    .orderBy(...optionOrder);
}
