import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

const id = idSchema();

// spec core §5 Ticket note: required, at least 2 characters. Messages are catalogue keys.
export const ticketNoteFields = {
  note: z.string({ error: V.required }).trim().min(1, { message: V.required, abort: true }).min(2, V.tooShort).max(5000, V.tooLong),
};

/** The notes form of the contact drawer and the body of POST /api/ticket-notes. */
export const createTicketNoteSchema = z.object({ note: ticketNoteFields.note, ticketId: id, contactId: id });
export type CreateTicketNoteInput = z.output<typeof createTicketNoteSchema>;

// GET /api/ticket-notes/list?ticketId&contactId
export const listTicketNotesQuery = z.object({ ticketId: id, contactId: id });
export type ListTicketNotesQuery = z.output<typeof listTicketNotesQuery>;

export const ticketNoteIdParams = z.object({ id });
