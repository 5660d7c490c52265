import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";

/** The user an email names (any company, or only `companyId`'s), locked when in a transaction that asks. */
export async function findResetUser(db: DbOrTx, email: string, opts: { companyId?: number; lock?: boolean } = {}) {
  const q = db
    .select({ id: users.id, email: users.email, name: users.name, locale: users.locale, companyId: users.companyId })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.trim().toLowerCase()), opts.companyId ? eq(users.companyId, opts.companyId) : undefined));
  const [row] = opts.lock ? await q.for("update") : await q;
  return row ?? null;
}
