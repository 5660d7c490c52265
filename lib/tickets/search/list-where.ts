import { and, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, tickets, ticketTags } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { addDaysToDate } from "@/lib/dates/today";
import type { ListTicketsQuery } from "../schemas";
import { isAllTicketUser as allTicketFlag, listedTicketsWhere } from "../ticket-access";

export type TicketFilters = Omit<ListTicketsQuery, "searchParam" | "pageNumber">;

// Midnight of a yyyy-MM-dd day in the company's timezone, as a timestamptz. The scalar subquery runs
// once per statement, so the column is compared with a constant (and its index range-scanned).
const startOfDay = (companyId: number, day: string) =>
  sql`(${day}::date::timestamp at time zone (select ${companies.timezone} from ${companies} where ${companies.id} = ${companyId}))`;

function onDay(column: typeof tickets.createdAt | typeof tickets.updatedAt, companyId: number, day: string): SQL {
  return and(gte(column, startOfDay(companyId, day)), lt(column, startOfDay(companyId, addDaysToDate(day, 1))))!;
}

/** Whether the caller is an allTicket user (only the pending tab of a non-admin needs to know). */
async function isAllTicketUser(db: DbOrTx, ctx: TenantContext, f: TicketFilters): Promise<boolean> {
  return f.status === "pending" ? allTicketFlag(db, ctx) : false;
}

/**
 * The tickets carrying every picked tag: one semi-join per tag on ticket_tags (its primary key
 * (ticket_id, tag_id) and ticket_tags_tag_idx), so the planner, which has ticket_tags' statistics,
 * either walks the list's index in order probing each ticket (a common tag: stops at the page) or
 * starts from the tag's tickets (a rare one). Issue 19: before, the tagged ids were a query of
 * their own, sent to Node and back as thousands of ids in each of the list's statements.
 */
function taggedWithAll(companyId: number, tagIds: number[]): SQL {
  if (!tagIds.length) return sql`false`;
  const tagged = (tagId: number) =>
    sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.tagId} = ${tagId} and ${ticketTags.companyId} = ${companyId})`;
  return and(...tagIds.map(tagged))!;
}

/**
 * Every condition of GET /api/tickets except the text search: what the caller may see in this tab
 * (lib/tickets/ticket-access.ts), then the filters, which only ever narrow it.
 */
export async function ticketFiltersWhere(db: DbOrTx, ctx: TenantContext, f: TicketFilters): Promise<SQL> {
  const allTicket = await isAllTicketUser(db, ctx, f);
  const tagged = f.tags ? taggedWithAll(ctx.companyId, f.tags) : undefined;
  const conditions: (SQL | undefined)[] = [listedTicketsWhere(ctx, { status: f.status, showAll: f.showAll, allTicket }), tagged];
  if (f.status) conditions.push(eq(tickets.status, f.status));
  // as in the product: tickets still without a queue stay listed whatever queues are picked
  if (f.queueIds) conditions.push(or(inArray(tickets.queueId, f.queueIds), isNull(tickets.queueId)));
  // the user filter of the search tab is an admin's (spec core §6); ignored for anyone else
  if (f.users && isAdmin(ctx)) conditions.push(inArray(tickets.userId, f.users));
  if (f.date) conditions.push(onDay(tickets.createdAt, ctx.companyId, f.date));
  if (f.updatedAt) conditions.push(onDay(tickets.updatedAt, ctx.companyId, f.updatedAt));
  if (f.withUnreadMessages) conditions.push(gt(tickets.unreadMessages, 0));
  return and(...conditions)!;
}
