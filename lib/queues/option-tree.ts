import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueOptions } from "@/db/schema";
import { buildOptionTree, type QueueOptionNode } from "./build-option-tree";
import { optionColumns, optionOrder } from "./option-view";

export { buildOptionTree, compareOptions, type QueueOptionNode, type QueueOptionRow } from "./build-option-tree";

/**
 * The whole option tree of a queue: its roots in menu order, each with its `children` nested the
 * same way (empty for a leaf). An unknown queue, or another company's, has no options: `[]`.
 */
export async function loadOptionTree(db: DbOrTx, companyId: number, queueId: number): Promise<QueueOptionNode[]> {
  // served by queue_options_queue_parent_idx (queue_id first)
  const rows = await db
    .select(optionColumns)
    .from(queueOptions)
    .where(and(eq(queueOptions.queueId, queueId), eq(queueOptions.companyId, companyId)))
    .orderBy(...optionOrder);
  return buildOptionTree(rows);
}
