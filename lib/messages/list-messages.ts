import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { runPrepared } from "@/db/prepared-query";
import { messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageWindow } from "@/lib/api/paging";
import { getTicket } from "@/lib/tickets/get-ticket";
import type { MessageView } from "./message-view";
import { selectMessages, toMessageView } from "./select-messages";

type Slice = { ticketId: number; offset: number; limit: number };

/**
 * The contact's conversation up to this ticket: this ticket and the contact's earlier ones (lower
 * ids; never its newer tickets), newest ticket first, each with its message count.
 */
function conversationTickets(db: DbOrTx, companyId: number, ticketId: number) {
  // the contact by subquery, so this runs beside getTicket rather than after it
  const contact = db.select({ id: tickets.contactId }).from(tickets).where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  return db
    .select({
      id: tickets.id,
      // an index-only count on messages_ticket_created_idx (written out: drizzle leaves the columns
      // of a one-table select unqualified, and "id" would then name the message's)
      messages: sql<number>`(select count(*) from messages m where m.ticket_id = "tickets"."id")::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact), lte(tickets.id, ticketId)))
    .orderBy(desc(tickets.id));
}

/** Which part of which ticket the window [offset, offset + limit) of the whole conversation covers. */
export function slicesOf(counts: { id: number; messages: number }[], offset: number, limit: number): Slice[] {
  const out: Slice[] = [];
  let start = 0; // position of this ticket's newest message in the whole conversation
  for (const t of counts) {
    const from = Math.max(offset, start);
    const to = Math.min(offset + limit, start + t.messages);
    if (from < to) out.push({ ticketId: t.id, offset: from - start, limit: to - from });
    start += t.messages;
    if (start >= offset + limit) break;
  }
  return out;
}

// Ids first, through the index alone (the skipped rows of a deep page are never read from the table)
function sliceIds(db: DbOrTx, s: Slice) {
  return db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.ticketId, s.ticketId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(s.limit)
    .offset(s.offset);
}

/**
 * GET /messages/{ticketId}: 20 a page going back in time (page 1 = the newest 20), each page
 * oldest-first so the conversation can prepend it; with the ticket for the header. Pages continue
 * into the contact's earlier tickets, so the conversation shows its history (each message carries
 * its ticketId: the UI marks where a conversation ended and the next started).
 */
export async function listMessages(db: DbOrTx, ctx: TenantContext, ticketId: number, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const { limit, offset } = pageWindow(pageNumber, size);
  // the ticket decides whether the caller may read on (its 403/404 wins)
  // each statement prepared (planned once per connection): opening a conversation is this call
  const [ticket, counts] = await Promise.all([getTicket(db, ctx, ticketId), runPrepared(conversationTickets(db, ctx.companyId, ticketId))]);
  const total = counts.reduce((n, t) => n + t.messages, 0);
  const slices = slicesOf(counts, offset, limit);
  // newest first across the conversation: tickets newest first, each ticket's messages newest first
  const ids = (await Promise.all(slices.map((s) => runPrepared(sliceIds(db, s))))).flat().map((r) => r.id);
  let page: MessageView[] = [];
  if (ids.length) {
    const rows = await runPrepared(selectMessages(db).where(and(inArray(messages.id, ids), eq(messages.companyId, ctx.companyId))));
    const byId = new Map(rows.map((r) => [r.id, toMessageView(r)]));
    page = ids.flatMap((id) => byId.get(id) ?? []).reverse();
  }
  return { messages: page, count: total, hasMore: pageNumber * size < total, ticket };
}
