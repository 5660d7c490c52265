import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { contacts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getContact } from "./get-contact";
import { publishContactUpdate } from "./publish-contact";
import { saveExtraInfo } from "./save-extra-info";
import type { UpdateContactValues } from "./schemas";

/**
 * PUT /contacts/{id}: name, number, email and the extra info rows (replaced as a set when sent);
 * fields left out stay. A group's number is its WhatsApp id and never changes. Another company's
 * contact is 404.
 */
export async function updateContact(db: Db, ctx: Pick<TenantContext, "companyId">, contactId: number, input: UpdateContactValues) {
  const mine = and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId));
  await db.transaction(async (tx) => {
    const [current] = await tx.select({ isGroup: contacts.isGroup }).from(contacts).where(mine).for("update");
    if (!current) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
    const number = current.isGroup ? undefined : input.number;
    await tx
      .update(contacts)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(number ? { number } : {}),
        updatedAt: new Date(),
      })
      .where(mine);
    if (input.extraInfo) await saveExtraInfo(tx, ctx.companyId, contactId, input.extraInfo);
  });
  const contact = await getContact(db, ctx, contactId);
  await publishContactUpdate(ctx.companyId, contact);
  return contact;
}
