import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/**
 * Names and colours are unique per company (a colour tells the queue apart in every list). Names
 * compare case-insensitively, colours by their normalised `#RRGGBB`, uppercase either way; the
 * unique constraints have the last word on a race (same codes, via lib/api/db-errors).
 */
export async function assertQueueFree(db: DbOrTx, companyId: number, fields: { name?: string; color?: string }, exceptId?: number) {
  const others = and(eq(queues.companyId, companyId), exceptId ? ne(queues.id, exceptId) : undefined);
  if (fields.name !== undefined) {
    const [taken] = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(others, eq(sql`lower(${queues.name})`, fields.name.toLowerCase())))
      .limit(1);
    if (taken) throw new AppError("ERR_QUEUE_NAME_EXISTS", 409);
  }
  if (fields.color !== undefined) {
    const [taken] = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(others, eq(sql`upper(${queues.color})`, fields.color.toUpperCase())))
      .limit(1);
    if (taken) throw new AppError("ERR_QUEUE_COLOR_ALREADY_EXISTS", 409);
  }
}
