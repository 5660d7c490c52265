import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import type { ListTicketsQuery } from "./schemas";
import { ticketFiltersWhere } from "./search/list-where";
import { searchTickets } from "./search/text-search";
import { idArray } from "./search/sql-values";
import { ticketCount, ticketPage, ticketsWhere } from "./ticket-page";
import type { TicketListItem } from "./ticket-view";

async function pageOf(db: Db, ctx: TenantContext, where: SQL, q: ListTicketsQuery, exactCount: boolean) {
  const size = PAGE_SIZE.tickets;
  const { limit, offset } = pageWindow(q.pageNumber, size);
  const planEachTime = Boolean(q.queueIds?.length || q.tags?.length || q.users?.length);
  // served by the tickets_company_* indexes (status, queue, user, updated_at, unread)
  if (exactCount) {
    const [items, total] = await Promise.all([ticketPage(db, where, { limit, offset, planEachTime }), ticketCount(db, where, { planEachTime })]);
    return pageResult("tickets", items, total, q.pageNumber, size);
  }
  // nothing shows a count here: one row past the page says whether more follow, and count is the
  // tickets through this page (exact on the last one)
  const rows = await ticketPage(db, where, { limit: limit + 1, offset, planEachTime });
  const items = rows.slice(0, limit);
  return { tickets: items, count: offset + items.length, hasMore: rows.length > limit };
}

/** The list items of these ticket ids, in this order. */
async function itemsInOrder(db: Db, ctx: TenantContext, ids: number[]): Promise<TicketListItem[]> {
  if (!ids.length) return [];
  // the ids as one array parameter: one statement text however many were found
  const rows = await ticketsWhere(db, and(sql`${tickets.id} = any(${idArray(ids)})`, eq(tickets.companyId, ctx.companyId))!);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * GET /tickets: a page of 40 tickets, newest activity first, as `{ tickets, count, hasMore }`, with
 * their tags. searchParam (lowercased, spec core §5) matches the contact's name or number or the
 * text of any message of the ticket (lib/tickets/search/text-search.ts).
 * `count` (beyond the spec, which answers tickets and hasMore) is exact for the open and pending tabs
 * (their badges, the unread bell), filtered by queue and unread only. Elsewhere (closed and search
 * tabs, tag/user/date filters) nothing shows it and counting a big company's tickets would cost more
 * than the page (issue 19): it is the tickets through this page, and hasMore is exact.
 */
export async function listTickets(db: Db, ctx: TenantContext, q: ListTicketsQuery) {
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
