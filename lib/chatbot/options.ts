import { and, asc, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueOptions } from "@/db/schema";
import { menuLine } from "./texts";

export type BotOption = { id: number; parentId: number | null; queueId: number; option: string; title: string; message: string };

const columns = {
  id: queueOptions.id,
  parentId: queueOptions.parentId,
  queueId: queueOptions.queueId,
  option: queueOptions.option,
  title: queueOptions.title,
  message: queueOptions.message,
};

/** One option of a queue's tree, or null (deleted, or another queue's). */
export async function loadOption(db: DbOrTx, companyId: number, queueId: number, id: number): Promise<BotOption | null> {
  const [row] = await db
    .select(columns)
    .from(queueOptions)
    .where(and(eq(queueOptions.id, id), eq(queueOptions.queueId, queueId), eq(queueOptions.companyId, companyId)));
  return row ?? null;
}

/** The options of one level (the roots when `parentId` is null), in the order the customer reads them. */
export async function optionChildren(db: DbOrTx, companyId: number, queueId: number, parentId: number | null): Promise<BotOption[]> {
  // served by queue_options_queue_parent_idx (queue_id, parent_id)
  const rows = await db
    .select(columns)
    .from(queueOptions)
    .where(
      and(
        eq(queueOptions.queueId, queueId),
        parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
        eq(queueOptions.companyId, companyId),
      ),
    )
    .orderBy(asc(queueOptions.id));
  return rows.sort(compareOptions);
}

// numbers in numeric order ("2" before "10"), anything else after them, ties by id
function compareOptions(a: BotOption, b: BotOption): number {
  const na = numberOf(a.option);
  const nb = numberOf(b.option);
  if (na !== nb) return na - nb;
  return a.option.localeCompare(b.option) || a.id - b.id;
}

const numberOf = (key: string) => (/^\d+$/.test(key.trim()) ? Number(key.trim()) : Number.MAX_SAFE_INTEGER);

/** The key the customer types for an option: its number, or its place in the level when it has none. */
const keyOf = (o: BotOption, index: number) => o.option.trim() || String(index + 1);

/** The numbered lines of a level. */
export const optionLines = (level: BotOption[]) => level.map((o, i) => menuLine(keyOf(o, i), o.title)).join("\n");

/** The option of a level the answer names ("2", " 2 ", "02"), or null. */
export function matchOption(level: BotOption[], answer: string): BotOption | null {
  const a = answer.trim().toLowerCase();
  if (!a) return null;
  const index = level.findIndex((o, i) => keyOf(o, i).toLowerCase() === a);
  if (index >= 0) return level[index];
  if (!/^\d+$/.test(a)) return null;
  return level.find((o, i) => /^\d+$/.test(keyOf(o, i)) && Number(keyOf(o, i)) === Number(a)) ?? null;
}
