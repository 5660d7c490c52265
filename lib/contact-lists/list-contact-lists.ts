import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import { contactListColumns } from "./contact-list-view";

/** Rows per page of the lists and items screens. */
export const CONTACT_LISTS_PAGE_SIZE = 40;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /contact-lists: a page of the company's lists by name, each with its contactsCount. */
export async function listContactLists(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const size = CONTACT_LISTS_PAGE_SIZE;
  const conditions: SQL[] = [eq(contactLists.companyId, ctx.companyId)];
  const term = searchParam.trim();
  if (term) conditions.push(ilike(contactLists.name, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db.select(contactListColumns).from(contactLists).where(where).orderBy(asc(contactLists.name), asc(contactLists.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(contactLists).where(where),
  ]);
  return pageResult("records", rows, total, pageNumber, size);
}

/** GET /contact-lists/list: every list of the company, id and name (the campaign dialog's select). */
export function listAllContactLists(db: DbOrTx, ctx: TenantContext) {
  return db
    .select({ id: contactLists.id, name: contactLists.name })
    .from(contactLists)
    .where(eq(contactLists.companyId, ctx.companyId))
    .orderBy(asc(contactLists.name), asc(contactLists.id));
}
