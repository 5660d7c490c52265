import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getTicket } from "@/lib/tickets/get-ticket";
import { ticketIdParams } from "@/lib/tickets/schemas";

// GET /api/tickets/{id} — one ticket with its contact, queue, connection and user.
export const GET = route({ params: ticketIdParams }, async ({ ctx, params }) => getTicket(getDb(), ctx, params.id));
