import { getDb } from "@/db";
import { json, route } from "@/lib/api/route";
import { createTicketSchema } from "@/lib/tickets/change-schemas";
import { createTicketFromRequest } from "@/lib/tickets/create-ticket";
import { listTickets } from "@/lib/tickets/list-tickets";
import { listTicketsQuery } from "@/lib/tickets/schemas";

// GET /api/tickets — `{ tickets, count, hasMore }`, 40 a page, newest activity first.
export const GET = route({ query: listTicketsQuery }, async ({ ctx, query }) => listTickets(getDb(), ctx, query));

// POST /api/tickets — the new-ticket modal: 201 a new open ticket, 200 the caller's existing one,
// 409 ERR_OTHER_OPEN_TICKET naming the owner and queue of the contact's open ticket.
export const POST = route({ body: createTicketSchema }, async ({ ctx, body }) => {
  const { ticket, created } = await createTicketFromRequest(getDb(), ctx, body);
  return json(ticket, created ? 201 : 200);
});
