import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listTicketNotes } from "@/lib/ticket-notes/list-notes";
import { listTicketNotesQuery } from "@/lib/ticket-notes/schemas";

// GET /api/ticket-notes/list?ticketId&contactId — the notes, newest first.
export const GET = route({ query: listTicketNotesQuery }, async ({ ctx, query }) => listTicketNotes(getDb(), ctx, query));
