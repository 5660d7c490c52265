import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { queueOptions } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import type { QueueOptionRow } from "./build-option-tree";
import { lockQueue } from "./lock-queue";
import { assertOptionNumberFree, nextOptionNumber } from "./option-numbers";
import type { CreateOptionInput } from "./option-schemas";
import { optionColumns } from "./option-view";

/**
 * POST /queue-options (admins): a root (parentId null) or a child of an option of the same queue.
 * The queue and the parent must be the company's (404); the number is free on its level (409).
 */
export async function createQueueOption(db: Db, companyId: number, input: CreateOptionInput): Promise<QueueOptionRow> {
  return db.transaction(async (tx) => {
    await lockQueue(tx, companyId, input.queueId);
    if (input.parentId !== null) {
      const [parent] = await tx
        .select({ id: queueOptions.id })
        .from(queueOptions)
        .where(and(eq(queueOptions.id, input.parentId), eq(queueOptions.queueId, input.queueId), eq(queueOptions.companyId, companyId)));
      if (!parent) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
    }
    const level = { companyId, queueId: input.queueId, parentId: input.parentId };
    const option = input.option ?? (await nextOptionNumber(tx, level));
    if (input.option !== undefined) await assertOptionNumberFree(tx, level, option);
    const [row] = await tx
      .insert(queueOptions)
      .values({ companyId, queueId: input.queueId, parentId: input.parentId, title: input.title, message: input.message ?? "", option })
      .returning(optionColumns);
    return row;
  });
}
