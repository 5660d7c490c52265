import { and, eq, isNull, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueOptions } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

type Level = { companyId: number; queueId: number; parentId: number | null };

const levelWhere = ({ companyId, queueId, parentId }: Level) =>
  and(
    eq(queueOptions.companyId, companyId),
    eq(queueOptions.queueId, queueId),
    parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
  );

/** The numbers taken on one level of a queue's tree. */
async function takenNumbers(db: DbOrTx, level: Level, exceptId?: number) {
  const rows = await db
    .select({ option: queueOptions.option })
    .from(queueOptions)
    .where(and(levelWhere(level), exceptId ? ne(queueOptions.id, exceptId) : undefined));
  return new Set(rows.map((r) => r.option));
}

/** The chatbot matches what the customer types against one level: two options there cannot share a number. */
export async function assertOptionNumberFree(db: DbOrTx, level: Level, option: string, exceptId?: number) {
  if ((await takenNumbers(db, level, exceptId)).has(option)) throw new AppError("ERR_QUEUE_OPTION_EXISTS", 409);
}

/** The number a new option of a level gets when none is given: one past the highest (up to 999). */
export async function nextOptionNumber(db: DbOrTx, level: Level): Promise<string> {
  const taken = await takenNumbers(db, level);
  const highest = Math.max(0, ...[...taken].map(Number).filter(Number.isFinite));
  if (highest < 999) return String(highest + 1);
  for (let n = 1; n <= 999; n++) if (!taken.has(String(n))) return String(n);
  throw new AppError("ERR_QUEUE_OPTION_EXISTS", 409);
}
