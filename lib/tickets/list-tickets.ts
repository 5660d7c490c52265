import { and, count, desc, inArray, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import type { ListTicketsQuery } from "./schemas";
import { ticketFiltersWhere } from "./search/list-where";
import { searchTickets } from "./search/text-search";
import { selectTickets, toTicketListItem, withTags, type TicketListItem } from "./ticket-view";

/** Counts above this are not worked out where no screen shows them (see listTickets). */
export const COUNT_CAP = 1000;

const newestFirst = [desc(tickets.updatedAt), desc(tickets.id)];

/** count(*), or at most `cap` when given (an index scan that stops there instead of reading every row). */
async function countTickets(db: DbOrTx, where: SQL, cap: number | null): Promise<number> {
  if (cap === null) return (await db.select({ total: count() }).from(tickets).where(where))[0].total;
  const upTo = db.select({ one: sql`1` }).from(tickets).where(where).limit(cap).as("up_to");
  return (await db.select({ total: count() }).from(upTo))[0].total;
}

async function pageOf(db: DbOrTx, ctx: TenantContext, where: SQL, q: ListTicketsQuery, exactCount: boolean) {
  const size = PAGE_SIZE.tickets;
  const { limit, offset } = pageWindow(q.pageNumber, size);
  // both served by the tickets_company_* indexes (status, queue, user, updated_at, unread)
  const [rows, total] = await Promise.all([
    selectTickets(db).where(where).orderBy(...newestFirst).limit(limit).offset(offset),
    // a capped count still reaches past this page, so hasMore stays exact
    countTickets(db, where, exactCount ? null : Math.max(COUNT_CAP, offset + size + 1)),
  ]);
  const items = await withTags(db, ctx.companyId, rows.map(toTicketListItem));
  return pageResult("tickets", items, total, q.pageNumber, size);
}

/** The list items of these ticket ids, in this order. */
async function itemsInOrder(db: DbOrTx, ctx: TenantContext, ids: number[]): Promise<TicketListItem[]> {
  if (!ids.length) return [];
  const rows = await selectTickets(db).where(inArray(tickets.id, ids));
  const byId = new Map(rows.map((r) => [r.id, toTicketListItem(r)]));
  return withTags(db, ctx.companyId, ids.flatMap((id) => byId.get(id) ?? []));
}

/**
 * GET /tickets: a page of 40 tickets, newest activity first, as `{ tickets, count, hasMore }`, with
 * their tags. searchParam (lowercased, spec core §5) matches the contact's name or number or the
 * text of any message of the ticket (lib/tickets/search/text-search.ts).
 * `count` is exact for the open and pending tabs (their badges, the unread bell), filtered by queue
 * and unread only. Elsewhere (closed and search tabs, tag/user/date filters, text search) nothing
 * shows it and an exact count of a big company's tickets would cost more than the page: it stops
 * at COUNT_CAP (or just past this page), and hasMore stays exact.
 */
export async function listTickets(db: DbOrTx, ctx: TenantContext, q: ListTicketsQuery) {
  const where = await ticketFiltersWhere(db, ctx, q);
  const term = q.searchParam.trim().toLowerCase();
  const activeTab = q.status === "open" || q.status === "pending";
  const exactCount = activeTab && !term && !q.tags && !q.users && !q.date && !q.updatedAt;
  if (!term) return pageOf(db, ctx, where, q, exactCount);
  const size = PAGE_SIZE.tickets;
  const { offset } = pageWindow(q.pageNumber, size);
  const found = await searchTickets(db, ctx.companyId, where, term, { offset, size });
  if (found.kind === "where") return pageOf(db, ctx, and(where, found.where)!, q, false);
  return { tickets: await itemsInOrder(db, ctx, found.ids), count: found.count, hasMore: found.hasMore };
}
