import type { Db } from "@/db";
import { contacts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { getContact } from "./get-contact";
import { publishContactUpdate } from "./publish-contact";
import { saveExtraInfo } from "./save-extra-info";
import type { ContactValues } from "./schemas";

/**
 * POST /contacts. A number the company already has answers ERR_DUPLICATED_CONTACT (409): the
 * unique constraint decides, so two concurrent creates cannot both win (lib/api/db-errors.ts).
 */
export async function createContact(db: Db, ctx: Pick<TenantContext, "companyId">, input: ContactValues) {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contacts)
      .values({ companyId: ctx.companyId, name: input.name, number: input.number, email: input.email })
      .returning({ id: contacts.id });
    await saveExtraInfo(tx, ctx.companyId, row.id, input.extraInfo.map(({ name, value }) => ({ name, value })));
    return row.id;
  });
  const contact = await getContact(db, ctx, id);
  await publishContactUpdate(ctx.companyId, contact);
  return contact;
}
