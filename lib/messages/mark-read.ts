import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db";
import { messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { publish } from "@/lib/realtime/publish";
import { unreadClearedEvent } from "@/lib/realtime/ticket-events";
import { placeOf } from "@/lib/tickets/ticket-summary";
import type { TicketListItem } from "@/lib/tickets/ticket-view";

/**
 * The agent holding a ticket has read it: its unread count goes to 0 and the customer's messages
 * are marked read; the lists and the bell get the `ticket` event's updateUnread (spec core §7).
 * Only the ticket's own agent clears it (an admin peeking, or an agent looking at a pending ticket,
 * leaves it unread).
 * Answers whether anything changed.
 */
export async function markTicketRead(db: Db, ctx: TenantContext, ticket: TicketListItem): Promise<boolean> {
  if (ticket.userId !== ctx.userId || ticket.status !== "open") return false;
  const cleared = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(tickets)
      .set({ unreadMessages: 0 })
      .where(and(eq(tickets.id, ticket.id), eq(tickets.companyId, ctx.companyId), eq(tickets.userId, ctx.userId), gt(tickets.unreadMessages, 0)))
      .returning({ id: tickets.id });
    if (!row) return false;
    await tx
      .update(messages)
      .set({ read: true })
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.companyId, ctx.companyId), eq(messages.read, false), eq(messages.fromMe, false)));
    return true;
  });
  if (cleared) await publish(unreadClearedEvent(placeOf(ctx.companyId, ticket)));
  return cleared;
}
