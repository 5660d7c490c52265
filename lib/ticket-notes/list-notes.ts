import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { ticketNotes } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { noteTicket } from "./note-ticket";
import { selectNotes, toNoteView, type TicketNoteView } from "./note-view";
import type { ListTicketNotesQuery } from "./schemas";

/** GET /ticket-notes/list?ticketId&contactId: the notes written on this ticket about this contact, newest first. */
export async function listTicketNotes(db: DbOrTx, ctx: TenantContext, q: ListTicketNotesQuery): Promise<TicketNoteView[]> {
  await noteTicket(db, ctx, q);
  // served by ticket_notes_contact_ticket_idx
  const rows = await selectNotes(db)
    .where(and(eq(ticketNotes.companyId, ctx.companyId), eq(ticketNotes.contactId, q.contactId), eq(ticketNotes.ticketId, q.ticketId)))
    .orderBy(desc(ticketNotes.createdAt), desc(ticketNotes.id));
  return rows.map(toNoteView);
}
