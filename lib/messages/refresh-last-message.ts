import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { messages, tickets } from "@/db/schema";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { selectTickets, toTicketListItem } from "@/lib/tickets/ticket-view";
import { lastMessageText } from "./message-text";

/**
 * After a message was deleted or edited (by an agent, or on WhatsApp): when it was the ticket's
 * newest, the ticket's preview (lastMessage, shown by every list and the bell) becomes the newest
 * visible message's text, or "" when none is left. Answers the `ticket` update events to publish
 * after the commit ([] when the preview did not change). Both reads use messages_ticket_created_idx.
 */
export async function refreshLastMessage(db: DbOrTx, companyId: number, ticketId: number, messageId: number): Promise<RealtimeEvent[]> {
  const ofTicket = and(eq(messages.ticketId, ticketId), eq(messages.companyId, companyId));
  // (created_at, id) compared in SQL: a JS Date drops the microseconds Postgres orders by
  const keyOf = (id: number) => sql`(select m.created_at, m.id from ${messages} m where m.id = ${id})`;
  const [newest] = await db
    .select({
      id: messages.id,
      body: messages.body,
      mediaType: messages.mediaType,
      filename: sql<string | null>`${messages.dataJson}->'media'->>'filename'`,
      isNewer: sql<boolean>`(${messages.createdAt}, ${messages.id}) > ${keyOf(messageId)}`,
    })
    .from(messages)
    .where(and(ofTicket, eq(messages.isDeleted, false)))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  // an older message changed: the preview shows a newer one, which stays
  if (newest?.isNewer) return [];
  const text = newest ? lastMessageText(newest.body, newest.mediaType, newest.filename ?? undefined) : "";
  const after = newest?.id ?? messageId;
  const [updated] = await db
    .update(tickets)
    .set({ lastMessage: text })
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.companyId, companyId),
        sql`${tickets.lastMessage} is distinct from ${text}`,
        // a message that arrived meanwhile wrote its own preview: leave it
        sql`not exists (select 1 from ${messages} m where m.ticket_id = ${ticketId} and not m.is_deleted
          and (m.created_at, m.id) > ${keyOf(after)})`,
      ),
    )
    .returning({ id: tickets.id });
  if (!updated) return [];
  const [row] = await selectTickets(db).where(and(eq(tickets.id, ticketId), eq(tickets.companyId, companyId)));
  return ticketSummaryEvents(companyId, toTicketSummary(toTicketListItem(row)));
}
