import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listTickets } from "@/lib/tickets/list-tickets";
import { listTicketsQuery } from "@/lib/tickets/schemas";

// GET /api/tickets — `{ tickets, count, hasMore }`, 40 a page, newest activity first.
export const GET = route({ query: listTicketsQuery }, async ({ ctx, query }) => listTickets(getDb(), ctx, query));
