import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getTicket } from "@/lib/tickets/get-ticket";

/**
 * The ticket a note is read or written from: of the caller's company (else 404), one they may open
 * (else 403), and of that contact (else 404: the pair names nothing).
 */
export async function noteTicket(db: DbOrTx, ctx: TenantContext, ref: { ticketId: number; contactId: number }) {
  const ticket = await getTicket(db, ctx, ref.ticketId);
  if (ticket.contactId !== ref.contactId) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  return ticket;
}
