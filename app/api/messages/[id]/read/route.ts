import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { markTicketRead } from "@/lib/messages/mark-read";
import { getTicket } from "@/lib/tickets/get-ticket";
import { ticketIdParams } from "@/lib/tickets/schemas";

// POST /api/messages/{ticketId}/read — the open conversation saw new messages: clears the
// ticket's unread count when the caller is its agent. `{ read: true }` when something changed.
export const POST = route({ params: ticketIdParams }, async ({ ctx, params }) => {
  const db = getDb();
  const ticket = await getTicket(db, ctx, params.id);
  return { read: await markTicketRead(db, ctx, ticket) };
});
