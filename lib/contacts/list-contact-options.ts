import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";

// enough for a select or an autocomplete; past this the caller narrows with searchParam
export const CONTACT_OPTIONS_LIMIT = 500;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /contacts/list: id, name and number of the company's contacts by name, for selects. */
export function listContactOptions(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, searchParam = "") {
  const conditions: (SQL | undefined)[] = [eq(contacts.companyId, ctx.companyId)];
  const term = searchParam.trim().toLowerCase();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(contacts.name, like), ilike(contacts.number, like)));
  }
  return db
    .select({ id: contacts.id, name: contacts.name, number: contacts.number })
    .from(contacts)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
    .limit(CONTACT_OPTIONS_LIMIT);
}
