import { asc, count, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { contactsWhere } from "./contact-filters";
import { contactColumns, originConnection } from "./contact-view";
import type { ListContactsQuery } from "./schemas";

// by lower(name), as contacts_company_name_idx is built; the id keeps equal names in a stable order
export const contactsOrder = [asc(sql`lower(${contacts.name})`), asc(contacts.id)];

/** GET /contacts: a page of 30 contacts by name, as `{ contacts, count, hasMore }`. */
export async function listContacts(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, q: ListContactsQuery) {
  const size = PAGE_SIZE.contacts;
  const where = contactsWhere(ctx.companyId, q);
  const { limit, offset } = pageWindow(q.pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db.select(contactColumns).from(contacts).leftJoin(whatsapps, originConnection).where(where).orderBy(...contactsOrder).limit(limit).offset(offset),
    db.select({ total: count() }).from(contacts).where(where),
  ]);
  return pageResult("contacts", rows, total, q.pageNumber, size);
}
