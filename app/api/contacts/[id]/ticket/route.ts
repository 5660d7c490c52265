import { getDb } from "@/db";
import { json, route } from "@/lib/api/route";
import { contactIdParams, startTicketSchema } from "@/lib/contacts/schemas";
import { startContactTicket } from "@/lib/contacts/start-contact-ticket";

// POST /api/contacts/{id}/ticket — the contact's ticket for the caller: 201 a new open one, 200 the
// caller's existing one, 409 ERR_OTHER_OPEN_TICKET (with the owner and queue) when another user holds it.
export const POST = route({ params: contactIdParams, body: startTicketSchema }, async ({ ctx, params, body }) => {
  const { ticket, created } = await startContactTicket(getDb(), ctx, params.id, body);
  return json(ticket, created ? 201 : 200);
});
