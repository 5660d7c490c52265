import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import type { ListTicketsQuery } from "./schemas";
import { listedTicketsWhere } from "./ticket-access";
import { selectTickets, toTicketListItem } from "./ticket-view";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /tickets: a page of 40 tickets, newest activity first, as `{ tickets, count, hasMore }`.
 * searchParam (lowercased, spec core §5) matches the contact's name or number or the last message.
 */
export async function listTickets(db: DbOrTx, ctx: TenantContext, q: ListTicketsQuery) {
  const size = PAGE_SIZE.tickets;
  const conditions: SQL[] = [listedTicketsWhere(ctx, q.showAll)];
  if (q.status) conditions.push(eq(tickets.status, q.status));
  const term = q.searchParam.trim().toLowerCase();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(contacts.name, like), ilike(contacts.number, like), ilike(tickets.lastMessage, like))!);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(q.pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    selectTickets(db).where(where).orderBy(desc(tickets.updatedAt), desc(tickets.id)).limit(limit).offset(offset),
    term
      ? db.select({ total: count() }).from(tickets).innerJoin(contacts, eq(contacts.id, tickets.contactId)).where(where)
      : db.select({ total: count() }).from(tickets).where(where),
  ]);
  return pageResult("tickets", rows.map(toTicketListItem), total, q.pageNumber, size);
}
