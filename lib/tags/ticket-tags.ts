import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags, ticketTags } from "@/db/schema";

export type TicketTag = { id: number; name: string; color: string };

/** The tags of some tickets of a company, by ticket id (ticket list items, conversation header). */
export async function tagsOfTickets(db: DbOrTx, companyId: number, ticketIds: number[]): Promise<Map<number, TicketTag[]>> {
  const byTicket = new Map<number, TicketTag[]>(ticketIds.map((id) => [id, []]));
  if (!ticketIds.length) return byTicket;
  const rows = await db
    .select({ ticketId: ticketTags.ticketId, id: tags.id, name: tags.name, color: tags.color })
    .from(ticketTags)
    .innerJoin(tags, eq(tags.id, ticketTags.tagId))
    .where(and(eq(ticketTags.companyId, companyId), inArray(ticketTags.ticketId, [...new Set(ticketIds)])))
    .orderBy(asc(tags.name), asc(tags.id));
  for (const { ticketId, ...tag } of rows) byTicket.get(ticketId)?.push(tag);
  return byTicket;
}
