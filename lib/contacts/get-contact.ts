import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contactExtraInfo, contacts, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { contactColumns, originConnection, type ContactDetail } from "./contact-view";

/** GET /contacts/{id}: a contact of the caller's company with its extra info; else 404. */
export async function getContact(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, contactId: number): Promise<ContactDetail> {
  const [contact] = await db
    .select(contactColumns)
    .from(contacts)
    .leftJoin(whatsapps, originConnection)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const extraInfo = await db
    .select({ id: contactExtraInfo.id, name: contactExtraInfo.name, value: contactExtraInfo.value })
    .from(contactExtraInfo)
    .where(and(eq(contactExtraInfo.contactId, contactId), eq(contactExtraInfo.companyId, ctx.companyId)))
    .orderBy(asc(contactExtraInfo.id));
  return { ...contact, extraInfo };
}
