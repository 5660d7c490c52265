import { and, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { isAllTicketUser } from "@/lib/tickets/ticket-access";
import { ticketCount, ticketPage } from "@/lib/tickets/ticket-page";
import { boardWhere, withoutKanbanTag, withTag } from "./board-where";
import { toKanbanTicket, type KanbanTicket } from "./kanban-ticket";
import { assertKanbanTag } from "./kanban-tags";
import { OPEN_LANE, type KanbanTicketsQuery } from "./schemas";

/**
 * GET /api/ticket/kanban: a page of 40 of the tickets the caller's board shows (board-where.ts),
 * newest activity first, as `{ tickets, count, hasMore }` with their tags. `lane` "open" gives the
 * 'Em aberto' lane (no kanban tag), a tag id that tag's lane (a kanban tag of the company, else 404
 * ERR_NO_TAG_FOUND); without a lane every ticket of the board, whatever its lane (the call as the
 * product we replace made it, for a client that sorts them into lanes itself). `count` is exact.
 */
export async function listKanbanTickets(
  db: Db,
  ctx: TenantContext,
  q: KanbanTicketsQuery,
): Promise<{ tickets: KanbanTicket[]; count: number; hasMore: boolean }> {
  const [allTicket] = await Promise.all([
    isAllTicketUser(db, ctx),
    typeof q.lane === "number" ? assertKanbanTag(db, ctx.companyId, q.lane) : undefined,
  ]);
  const lane: SQL | undefined = q.lane === OPEN_LANE ? withoutKanbanTag(ctx.companyId) : typeof q.lane === "number" ? withTag(q.lane) : undefined;
  const where = and(boardWhere(ctx, allTicket, q.queueIds), lane)!;
  const size = PAGE_SIZE.tickets;
  const { limit, offset } = pageWindow(q.pageNumber, size);
  // picked queues: planned for their values (ticket-page.ts). A tag's lane stays prepared: a
  // board's few kanban tags hold like shares of it (planned each time, lane pages took 1-2.5 ms more)
  const planEachTime = Boolean(q.queueIds?.length);
  const [items, total] = await Promise.all([ticketPage(db, where, { limit, offset, planEachTime }), ticketCount(db, where, { planEachTime })]);
  return pageResult("tickets", items.map(toKanbanTicket), total, q.pageNumber, size);
}
