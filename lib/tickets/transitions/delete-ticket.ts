import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { ticketChangeEvents } from "@/lib/realtime/ticket-events";
import { placeOf } from "../ticket-summary";
import type { TicketStatus } from "@/lib/realtime/channels";

/**
 * DELETE /api/tickets/{id} (admins: ticket-options:deleteTicket). Its messages, tags, tracking and
 * ratings go with it (foreign keys cascade; notes and schedules stay with the contact). After the
 * commit a `ticket` delete goes to the lists it was on and to its conversation channel, so whoever
 * is viewing it goes back to the list.
 */
export async function deleteTicket(db: Db, ctx: TenantContext, ticketId: number): Promise<void> {
  if (!isAdmin(ctx)) throw new AppError("ERR_NO_PERMISSION", 403);
  const [gone] = await db
    .delete(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .returning({ id: tickets.id, queueId: tickets.queueId, status: tickets.status, userId: tickets.userId });
  if (!gone) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  await publish(...ticketChangeEvents(placeOf(ctx.companyId, { ...gone, status: gone.status as TicketStatus }), null));
}
