import { getDb } from "@/db";
import { json, route } from "@/lib/api/route";
import { createTicketNote } from "@/lib/ticket-notes/create-note";
import { createTicketNoteSchema } from "@/lib/ticket-notes/schemas";

// POST /api/ticket-notes — {note, ticketId, contactId}; 201 with the note.
export const POST = route({ body: createTicketNoteSchema }, async ({ ctx, body }) => json(await createTicketNote(getDb(), ctx, body), 201));
