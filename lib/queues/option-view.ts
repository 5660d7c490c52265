import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueOptions } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import type { QueueOptionRow } from "./build-option-tree";

export const optionColumns = {
  id: queueOptions.id,
  queueId: queueOptions.queueId,
  parentId: queueOptions.parentId,
  title: queueOptions.title,
  message: queueOptions.message,
  option: queueOptions.option,
};

/** Menu order in SQL: option numbers have no leading zeros, so shorter is smaller ("2" before "10"). */
export const optionOrder = [sql`length(${queueOptions.option})`, asc(queueOptions.option), asc(queueOptions.id)];

/** One option of the caller's company; another company's (or a missing) one is 404. */
export async function getQueueOption(db: DbOrTx, companyId: number, optionId: number): Promise<QueueOptionRow> {
  const [row] = await db
    .select(optionColumns)
    .from(queueOptions)
    .where(and(eq(queueOptions.id, optionId), eq(queueOptions.companyId, companyId)));
  if (!row) throw new AppError("ERR_NO_QUEUE_OPTION_FOUND", 404);
  return row;
}
