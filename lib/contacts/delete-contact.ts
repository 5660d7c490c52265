import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { contacts, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import type { TicketStatus } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { ticketChangeEvents } from "@/lib/realtime/ticket-events";
import { publishContactDelete } from "./publish-contact";

/**
 * DELETE /contacts/{id} (admins: contacts-page:deleteContact, checked by the route). Its extra
 * info, tickets, notes and schedules go with it (foreign keys cascade), as in the product we
 * replace; ticket lists are told their tickets are gone.
 */
export async function deleteContact(db: Db, ctx: Pick<TenantContext, "companyId">, contactId: number) {
  const gone = await db.transaction(async (tx) => {
    const ticketRows = await tx
      .select({ id: tickets.id, queueId: tickets.queueId, status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.contactId, contactId), eq(tickets.companyId, ctx.companyId)));
    const deleted = await tx
      .delete(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)))
      .returning({ id: contacts.id });
    if (!deleted.length) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
    return ticketRows;
  });
  await publish(
    ...gone.flatMap((t) => ticketChangeEvents({ id: t.id, companyId: ctx.companyId, queueId: t.queueId, status: t.status as TicketStatus }, null)),
  );
  await publishContactDelete(ctx.companyId, contactId);
}
