import { and, count, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { messages } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageWindow } from "@/lib/api/paging";
import { getTicket } from "@/lib/tickets/get-ticket";
import { selectMessages, toMessageView } from "./select-messages";

/**
 * GET /messages/{ticketId}: 20 a page going back in time (page 1 = the newest 20), each page
 * oldest-first so the conversation can prepend it; with the ticket for the header.
 */
export async function listMessages(db: DbOrTx, ctx: TenantContext, ticketId: number, pageNumber: number) {
  const ticket = await getTicket(db, ctx, ticketId);
  const size = PAGE_SIZE.default;
  const { limit, offset } = pageWindow(pageNumber, size);
  const where = and(eq(messages.ticketId, ticketId), eq(messages.companyId, ctx.companyId));
  const [rows, [{ total }]] = await Promise.all([
    // served by messages_ticket_created_idx (ticket_id, created_at desc, id desc)
    selectMessages(db).where(where).orderBy(desc(messages.createdAt), desc(messages.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(messages).where(where),
  ]);
  return {
    messages: rows.reverse().map(toMessageView),
    count: total,
    hasMore: pageNumber * size < total,
    ticket,
  };
}
