import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tickets } from "@/db/schema";
import type { TicketPlace } from "@/lib/realtime/ticket-events";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { selectTickets, toTicketListItem } from "@/lib/tickets/ticket-view";

/**
 * The list events of tickets a timed rule moved: a delete where each was (`before`), an update
 * where it is now. Read after the commit, so the summaries are what the lists will fetch.
 */
export async function movedTicketEvents(db: DbOrTx, moved: { id: number; companyId: number; before: TicketPlace }[]): Promise<RealtimeEvent[]> {
  const events: RealtimeEvent[] = [];
  for (const companyId of new Set(moved.map((m) => m.companyId))) {
    const mine = moved.filter((m) => m.companyId === companyId);
    const rows = await selectTickets(db).where(and(eq(tickets.companyId, companyId), inArray(tickets.id, mine.map((m) => m.id))));
    for (const row of rows) {
      const before = mine.find((m) => m.id === row.id)!.before;
      events.push(...ticketSummaryEvents(companyId, toTicketSummary(toTicketListItem(row)), before));
    }
  }
  return events;
}
