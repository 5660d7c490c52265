import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { getContactList } from "./contact-list-view";
import { publishContactList } from "./publish";
import type { ContactListValues } from "./schemas";

/** POST /contact-lists. */
export async function createContactList(db: DbOrTx, ctx: TenantContext, input: ContactListValues) {
  const [row] = await db.insert(contactLists).values({ companyId: ctx.companyId, name: input.name }).returning({ id: contactLists.id });
  const record = await getContactList(db, ctx, row.id);
  await publishContactList(ctx.companyId, { action: "create", record });
  return record;
}

/** PUT /contact-lists/{id}: rename (another company's list is 404). */
export async function updateContactList(db: DbOrTx, ctx: TenantContext, id: number, input: ContactListValues) {
  await getContactList(db, ctx, id);
  await db
    .update(contactLists)
    .set({ name: input.name, updatedAt: new Date() })
    .where(and(eq(contactLists.id, id), eq(contactLists.companyId, ctx.companyId)));
  const record = await getContactList(db, ctx, id);
  await publishContactList(ctx.companyId, { action: "update", record });
  return record;
}

/** DELETE /contact-lists/{id}: the list and its items (cascade); campaigns keep running without it (set null). */
export async function deleteContactList(db: DbOrTx, ctx: TenantContext, id: number) {
  await getContactList(db, ctx, id);
  await db.delete(contactLists).where(and(eq(contactLists.id, id), eq(contactLists.companyId, ctx.companyId)));
  await publishContactList(ctx.companyId, { action: "delete", id });
  return { ok: true };
}
