import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactListItems } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import { getContactList } from "./contact-list-view";
import { itemColumns } from "./item-view";
import { CONTACT_LISTS_PAGE_SIZE, escapeLike } from "./list-contact-lists";

/**
 * GET /contact-list-items: a page of one list's items by name (contact_list_items_list_name_idx),
 * searched in name, number and email. The list must be the caller's company's (404 otherwise).
 */
export async function listContactListItems(db: DbOrTx, ctx: TenantContext, contactListId: number, searchParam: string, pageNumber: number) {
  await getContactList(db, ctx, contactListId);
  const size = CONTACT_LISTS_PAGE_SIZE;
  const conditions: SQL[] = [eq(contactListItems.contactListId, contactListId), eq(contactListItems.companyId, ctx.companyId)];
  const term = searchParam.trim();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    const digits = term.replace(/\D/g, "");
    const matches = [ilike(contactListItems.name, like), ilike(contactListItems.email, like)];
    if (digits) matches.push(ilike(contactListItems.number, `%${digits}%`));
    conditions.push(or(...matches)!);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db.select(itemColumns).from(contactListItems).where(where).orderBy(asc(contactListItems.name), asc(contactListItems.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(contactListItems).where(where),
  ]);
  return pageResult("contacts", rows, total, pageNumber, size);
}
