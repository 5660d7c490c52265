import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";

/** A contact list as the lists page shows it (admin §3 ContactList: id, name, contactsCount). */
export type ContactListRow = { id: number; name: string; contactsCount: number };

export const contactListColumns = {
  id: contactLists.id,
  name: contactLists.name,
  // served by contact_list_items_list_number_unique (contact_list_id first)
  // (written out: drizzle leaves both sides' columns unqualified inside a subquery)
  contactsCount: sql<number>`(select count(*)::int from contact_list_items cli where cli.contact_list_id = "contact_lists"."id")`.mapWith(Number),
};

/** One list of the caller's company; another company's (or a missing) list is 404. */
export async function getContactList(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, id: number): Promise<ContactListRow> {
  const [row] = await db
    .select(contactListColumns)
    .from(contactLists)
    .where(and(eq(contactLists.id, id), eq(contactLists.companyId, ctx.companyId)));
  if (!row) throw new AppError("ERR_NO_CONTACT_LIST_FOUND", 404);
  return row;
}
