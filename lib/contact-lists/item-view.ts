import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactListItems } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";

/** admin §3 ContactListItem: isWhatsappValid is null until the connection answered for the number. */
export type ContactListItemRow = {
  id: number;
  name: string;
  number: string;
  email: string;
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
};

export const itemColumns = {
  id: contactListItems.id,
  name: contactListItems.name,
  number: contactListItems.number,
  email: contactListItems.email,
  isWhatsappValid: contactListItems.isWhatsappValid,
  companyId: contactListItems.companyId,
  contactListId: contactListItems.contactListId,
};

/** One item of the caller's company; another company's (or a missing) item is 404. */
export async function getContactListItem(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, id: number): Promise<ContactListItemRow> {
  const [row] = await db
    .select(itemColumns)
    .from(contactListItems)
    .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, ctx.companyId)));
  if (!row) throw new AppError("ERR_NO_CONTACT_LIST_ITEM_FOUND", 404);
  return row;
}
