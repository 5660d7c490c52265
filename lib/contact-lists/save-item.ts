import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactListItems } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getContactList } from "./contact-list-view";
import { getContactListItem } from "./item-view";
import { publishContactList, publishContactListItem } from "./publish";
import type { CreateContactListItemInput, UpdateContactListItemInput } from "./schemas";

// one entry per number in a list (contact_list_items_list_number_unique)
async function assertNumberFree(db: DbOrTx, contactListId: number, number: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: contactListItems.id })
    .from(contactListItems)
    .where(
      and(
        eq(contactListItems.contactListId, contactListId),
        eq(contactListItems.number, number),
        exceptId ? ne(contactListItems.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new AppError("ERR_CONTACT_LIST_ITEM_EXISTS", 409);
}

// another request took the number in between: the unique key has the last word
async function sameNumberRace<T>(write: PromiseLike<T>): Promise<T> {
  try {
    return await write;
  } catch (err) {
    const pg = (err as { cause?: { code?: string; constraint_name?: string } }).cause ?? (err as { code?: string; constraint_name?: string });
    if (pg?.code === "23505" && pg.constraint_name === "contact_list_items_list_number_unique") throw new AppError("ERR_CONTACT_LIST_ITEM_EXISTS", 409);
    throw err;
  }
}

// the list's contactsCount changed: the lists page shows it
async function listCountChanged(db: DbOrTx, ctx: TenantContext, contactListId: number) {
  await publishContactList(ctx.companyId, { action: "update", record: await getContactList(db, ctx, contactListId) });
}

/** POST /contact-list-items: a new number in a list of the caller's company (validity unknown). */
export async function createContactListItem(db: DbOrTx, ctx: TenantContext, input: CreateContactListItemInput) {
  await getContactList(db, ctx, input.contactListId);
  await assertNumberFree(db, input.contactListId, input.number);
  const [row] = await db
    .insert(contactListItems)
    .values({ companyId: ctx.companyId, contactListId: input.contactListId, name: input.name, number: input.number, email: input.email })
    .onConflictDoNothing()
    .returning({ id: contactListItems.id });
  // another request added the number in between
  if (!row) throw new AppError("ERR_CONTACT_LIST_ITEM_EXISTS", 409);
  const record = await getContactListItem(db, ctx, row.id);
  await publishContactListItem(ctx.companyId, record.contactListId, { action: "create", record });
  await listCountChanged(db, ctx, record.contactListId);
  return record;
}

/** PUT /contact-list-items/{id}: a changed number is unknown to WhatsApp again (checked anew). */
export async function updateContactListItem(db: DbOrTx, ctx: TenantContext, id: number, input: UpdateContactListItemInput) {
  const current = await getContactListItem(db, ctx, id);
  const numberChanged = input.number !== undefined && input.number !== current.number;
  if (numberChanged) await assertNumberFree(db, current.contactListId, input.number!, id);
  await sameNumberRace(
    db
      .update(contactListItems)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(numberChanged ? { number: input.number, isWhatsappValid: null, whatsappCheckedAt: null } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, ctx.companyId))),
  );
  const record = await getContactListItem(db, ctx, id);
  await publishContactListItem(ctx.companyId, record.contactListId, { action: "update", record });
  return record;
}

/** DELETE /contact-list-items/{id}. */
export async function deleteContactListItem(db: DbOrTx, ctx: TenantContext, id: number) {
  const current = await getContactListItem(db, ctx, id);
  await db.delete(contactListItems).where(and(eq(contactListItems.id, id), eq(contactListItems.companyId, ctx.companyId)));
  await publishContactListItem(ctx.companyId, current.contactListId, { action: "delete", id });
  await listCountChanged(db, ctx, current.contactListId);
  return { ok: true };
}
