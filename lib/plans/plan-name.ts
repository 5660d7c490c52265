import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

// Advisory lock class of plan names ("plan"), as company names have theirs.
const NAME_LOCK = 0x706c616e;

/**
 * Plan names are unique, case-insensitively ("Básico" and "básico" would look the same in the
 * sign-up select). Call inside the transaction that writes the name; the lock serialises writers
 * of one name until commit (the exact-case unique constraint stays as the last word).
 */
export async function assertPlanNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const key = name.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK}, hashtext(${key}))`);
  const [taken] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(sql`lower(${plans.name})`, key), exceptId ? ne(plans.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError("ERR_PLAN_NAME_EXISTS", 409);
}
