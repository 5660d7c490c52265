import { and, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

// Advisory lock class of company names ("comp"): with the name's hash it serialises the writers of
// one name, so two companies saved at once under the same name cannot both pass the check below.
const NAME_LOCK = 0x636f6d70;

/**
 * Company names are unique, case-insensitively (spec admin §8: "Verifique se já existe uma empresa
 * com o mesmo nome"). Call inside the transaction that writes the name: the lock is held until it
 * commits, so the check stays true until the row is written.
 */
export async function assertCompanyNameFree(tx: DbOrTx, name: string, exceptId?: number) {
  const key = name.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK}, hashtext(${key}))`);
  const [taken] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(sql`lower(${companies.name})`, key), exceptId ? ne(companies.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw new AppError("ERR_COMPANY_NAME_EXISTS", 409);
}
