import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { ticketNotes } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { noteTicket } from "./note-ticket";
import { selectNotes, toNoteView, type TicketNoteView } from "./note-view";
import type { CreateTicketNoteInput } from "./schemas";

/** POST /ticket-notes: a note by the caller on a ticket they may open, about that ticket's contact. */
export async function createTicketNote(db: DbOrTx, ctx: TenantContext, input: CreateTicketNoteInput): Promise<TicketNoteView> {
  await noteTicket(db, ctx, input);
  const [{ id }] = await db
    .insert(ticketNotes)
    .values({ companyId: ctx.companyId, note: input.note, ticketId: input.ticketId, contactId: input.contactId, userId: ctx.userId })
    .returning({ id: ticketNotes.id });
  const [row] = await selectNotes(db).where(eq(ticketNotes.id, id));
  return toNoteView(row);
}
