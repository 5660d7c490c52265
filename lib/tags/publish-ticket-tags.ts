import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { publish } from "@/lib/realtime/publish";
import { getTicket } from "@/lib/tickets/get-ticket";
import { ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { tagEvent } from "./publish-tag";
import { getTag } from "./tag-view";
import { tagsOfTickets, type TicketTag } from "./ticket-tags";

/**
 * After a ticket's tags changed (committed): the ticket with its tags on its list channels and its
 * conversation (ticket lists, conversation header, kanban boards), and the changed tags' ticket
 * counts (tags page). Answers the ticket's tags as they now are.
 */
export async function publishTicketTags(db: Db, ctx: TenantContext, ticketId: number, changedTagIds: number[]): Promise<TicketTag[]> {
  const current = (await tagsOfTickets(db, ctx.companyId, [ticketId])).get(ticketId) ?? [];
  const [ticket, counted] = await Promise.all([getTicket(db, ctx, ticketId), Promise.all(changedTagIds.map((id) => getTag(db, ctx, id).catch(() => null)))]);
  const summary = Object.assign(toTicketSummary(ticket), { tags: current });
  await publish(
    ...ticketSummaryEvents(ctx.companyId, summary),
    // the tags page shows ticket counts
    ...counted.flatMap((tag) => (tag ? [tagEvent(ctx.companyId, { action: "update", tag })] : [])),
  );
  return current;
}
