import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets } from "@/db/schema";
import { wakeWorker } from "@/lib/chatbot/queue-bot-message";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import { publish } from "@/lib/realtime/publish";
import type { TicketPlace } from "@/lib/realtime/ticket-events";
import { placeOf, ticketSummaryEvents, toTicketSummary } from "../ticket-summary";
import { selectTickets, toTicketListItem, withTags, type TicketListItem } from "../ticket-view";

/** What a committed transition leaves to do: where the ticket was, and the messages it queued. */
export type Changed = { companyId: number; ticketId: number; before: TicketPlace | null; said: MessageView[]; wake: number[] };

/**
 * After the commit: wakes the worker for queued messages, reads the ticket as it now is and
 * publishes it (a delete on the lists it left, an update where it is) with its new messages.
 * Answers the ticket as PUT /api/tickets/{id} returns it (with its tags, as GET does).
 */
export async function announce(db: Db, c: Changed): Promise<TicketListItem> {
  if (c.wake.length) await wakeWorker(db, c.wake);
  const [row] = await selectTickets(db).where(and(eq(tickets.id, c.ticketId), eq(tickets.companyId, c.companyId)));
  const [ticket] = await withTags(db, c.companyId, [toTicketListItem(row)]);
  const summary = toTicketSummary(ticket);
  const place = placeOf(c.companyId, summary);
  await publish(...ticketSummaryEvents(c.companyId, summary, c.before), ...c.said.map((m) => messageCreatedEvent(place, m, false)));
  return ticket;
}
