import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { messages, tickets } from "@/db/schema";
import { publish } from "@/lib/realtime/publish";
import { placeOf, ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { selectTickets, toTicketListItem } from "@/lib/tickets/ticket-view";
import { messageCreatedEvent } from "./message-view";
import { selectMessages, toMessageView } from "./select-messages";

// How recent a replayed message must be for its events to go out again (a worker's lease plus the
// time another takes to reconnect and replay, with room to spare).
const REPLAY_WINDOW = "10 minutes";

/**
 * A message delivered again that is already stored (the replay after a worker died): the worker
 * that stored it may have died before publishing, so a recent one is published again, without a
 * notification. Lists and conversations merge by id, so a second copy of an event changes nothing.
 * An old replay (history sync) stays silent.
 */
export async function republishRecentDuplicate(db: Db, companyId: number, messageId: number): Promise<void> {
  const [view] = await selectMessages(db).where(
    and(eq(messages.id, messageId), eq(messages.companyId, companyId), gt(messages.createdAt, sql`now() - ${REPLAY_WINDOW}::interval`)),
  );
  if (!view) return;
  const [row] = await selectTickets(db).where(and(eq(tickets.id, view.ticketId), eq(tickets.companyId, companyId)));
  if (!row) return;
  const summary = toTicketSummary(toTicketListItem(row));
  await publish(...ticketSummaryEvents(companyId, summary), messageCreatedEvent(placeOf(companyId, summary), toMessageView(view), false));
}
