import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { tags, tickets, ticketTags } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { openableTicketsWhere } from "@/lib/tickets/ticket-access";

/** The statuses a board shows: a closed ticket leaves it. */
export const BOARD_STATUSES = ["open", "pending"] as const;

/**
 * The tickets a user's board shows (admin §2.8; core §4-§6, as GET /api/tickets lists them): open and
 * pending tickets the caller may open (admins: all of the company's; others: their queues', those
 * without a queue, and their own), and for allTicket users every queue's pending ones (which they
 * may accept). `queueIds` only narrows that: a queue the caller may not see adds nothing. As in the
 * ticket lists (lib/tickets/search/list-where.ts), tickets still without a queue stay whatever
 * queues are picked.
 */
export function boardWhere(ctx: TenantContext, allTicket: boolean, queueIds?: number[]): SQL {
  const conditions: (SQL | undefined)[] = [eq(tickets.companyId, ctx.companyId), inArray(tickets.status, [...BOARD_STATUSES])];
  if (!isAdmin(ctx)) {
    const openable = openableTicketsWhere(ctx);
    conditions.push(allTicket ? or(openable, eq(tickets.status, "pending")) : openable);
  }
  if (queueIds) conditions.push(or(inArray(tickets.queueId, queueIds), isNull(tickets.queueId)));
  return and(...conditions)!;
}

/** A kanban tag of the ticket (served by the ticket_tags primary key, then tags by id). */
const kanbanTagOfTicket = (companyId: number) =>
  sql`select 1 from ${ticketTags} join ${tags} on ${tags.id} = ${ticketTags.tagId}
      where ${ticketTags.ticketId} = ${tickets.id} and ${tags.kanban} = 1 and ${tags.companyId} = ${companyId}`;

/** 'Em aberto': tickets without any kanban tag. */
export const withoutKanbanTag = (companyId: number): SQL => sql`not exists (${kanbanTagOfTicket(companyId)})`;

/**
 * A tag's lane: tickets carrying it (served by the ticket_tags primary key). The planner hashes the
 * tag's ticket ids (ticket_tags_tag_idx) against the company's open and pending tickets: bounded by
 * the board, however many closed tickets kept the tag over the years (reading the tag's ticket ids
 * first and the tickets by id was no faster at 20,000 open tickets, and grows with that history).
 */
export const withTag = (tagId: number): SQL =>
  sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${tagId})`;
