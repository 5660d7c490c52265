import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteTicketNote } from "@/lib/ticket-notes/delete-note";
import { ticketNoteIdParams } from "@/lib/ticket-notes/schemas";

// DELETE /api/ticket-notes/{id} — its author or an admin; `{ ok: true }`.
export const DELETE = route({ params: ticketNoteIdParams }, async ({ ctx, params }) => deleteTicketNote(getDb(), ctx, params.id));
