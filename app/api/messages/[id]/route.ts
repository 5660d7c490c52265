import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { listMessages } from "@/lib/messages/list-messages";
import { sendFromRequest } from "@/lib/messages/send-from-request";
import { ticketIdParams } from "@/lib/tickets/schemas";

// The segment is a ticket id for GET and POST (spec: /messages/{ticketId}); the tickets issue's
// DELETE /api/messages/{id} shares it with a message id, as Next allows one name per level.

// GET /api/messages/{ticketId} — `{ messages, count, hasMore, ticket }`, 20 a page going back.
export const GET = route({ params: ticketIdParams, query: pageQuery.pick({ pageNumber: true }) }, async ({ ctx, params, query }) =>
  listMessages(getDb(), ctx, params.id, query.pageNumber),
);

// POST /api/messages/{ticketId} — JSON or multipart `medias`; writes the outbox row(s), answers at once.
export const POST = route({ params: ticketIdParams }, async ({ ctx, params, req }) => sendFromRequest(getDb(), ctx, params.id, req));
