import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/**
 * Tag names are unique per company, case-insensitively ("VIP" and "vip" would look the same on a
 * chip). The unique constraint has the last word on an exact-case race (ERR_TAG_NAME_EXISTS too).
 */
export async function assertTagNameFree(db: DbOrTx, companyId: number, name: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.companyId, companyId), eq(sql`lower(${tags.name})`, name.toLowerCase()), exceptId ? ne(tags.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError("ERR_TAG_NAME_EXISTS", 409);
}
