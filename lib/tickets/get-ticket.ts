import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { canOpenTicket } from "./ticket-access";
import { selectTickets, toTicketListItem, type TicketListItem } from "./ticket-view";

/**
 * GET /tickets/{id}: a ticket of the caller's company with its contact, queue, connection and
 * user. Another company's (or a missing) ticket is 404; a queue the user is not in is 403
 * (spec core §5: "Acesso não permitido", back to /tickets).
 */
export async function getTicket(db: DbOrTx, ctx: TenantContext, ticketId: number): Promise<TicketListItem> {
  const [row] = await selectTickets(db).where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)));
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canOpenTicket(ctx, row)) throw new AppError("ERR_NO_PERMISSION", 403);
  return toTicketListItem(row);
}
