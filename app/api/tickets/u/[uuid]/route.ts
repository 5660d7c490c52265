import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getTicketByUuid } from "@/lib/tickets/get-ticket";
import { ticketUuidParams } from "@/lib/tickets/schemas";

// GET /api/tickets/u/{uuid} — the ticket a conversation URL names (404 for a malformed uuid too).
export const GET = route({ params: ticketUuidParams }, async ({ ctx, params }) => getTicketByUuid(getDb(), ctx, params.uuid));
