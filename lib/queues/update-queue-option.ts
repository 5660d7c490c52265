import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { queueOptions } from "@/db/schema";
import type { QueueOptionRow } from "./build-option-tree";
import { lockQueue } from "./lock-queue";
import { assertOptionNumberFree } from "./option-numbers";
import type { UpdateOptionInput } from "./option-schemas";
import { getQueueOption, optionColumns } from "./option-view";

/** PUT /queue-options/{id} (admins): title, message and number; the option keeps its place in the tree. */
export async function updateQueueOption(db: Db, companyId: number, optionId: number, input: UpdateOptionInput): Promise<QueueOptionRow> {
  return db.transaction(async (tx) => {
    const current = await getQueueOption(tx, companyId, optionId);
    await lockQueue(tx, companyId, current.queueId);
    if (input.option !== undefined && input.option !== current.option) {
      await assertOptionNumberFree(tx, { companyId, queueId: current.queueId, parentId: current.parentId }, input.option, optionId);
    }
    const [row] = await tx
      .update(queueOptions)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.message !== undefined ? { message: input.message } : {}),
        ...(input.option !== undefined ? { option: input.option } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(queueOptions.id, optionId), eq(queueOptions.companyId, companyId)))
      .returning(optionColumns);
    return row;
  });
}
