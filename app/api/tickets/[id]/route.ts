import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { updateTicketSchema } from "@/lib/tickets/change-schemas";
import { getTicket } from "@/lib/tickets/get-ticket";
import { ticketIdParams } from "@/lib/tickets/schemas";
import { deleteTicket } from "@/lib/tickets/transitions/delete-ticket";
import { updateTicket } from "@/lib/tickets/transitions/update-ticket";

// GET /api/tickets/{id} — one ticket with its contact, queue, connection and user.
export const GET = route({ params: ticketIdParams }, async ({ ctx, params }) => getTicket(getDb(), ctx, params.id));

// PUT /api/tickets/{id} — accept, return, resolve, reopen, transfer (spec core §4); the ticket after the change.
export const PUT = route({ params: ticketIdParams, body: updateTicketSchema }, async ({ ctx, params, body }) =>
  updateTicket(getDb(), ctx, params.id, body),
);

// DELETE /api/tickets/{id} — admins only; viewers are sent back to the list by the realtime delete.
export const DELETE = route({ access: "admin", params: ticketIdParams }, async ({ ctx, params }) => {
  await deleteTicket(getDb(), ctx, params.id);
  return { ok: true };
});
