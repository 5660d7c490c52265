import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { deleteMessage, messageIdParams } from "@/lib/messages/delete-message";
import { listMessages } from "@/lib/messages/list-messages";
import { markTicketRead } from "@/lib/messages/mark-read";
import { MEDIA_UPLOAD, sendFromRequest } from "@/lib/messages/send-from-request";
import { ticketIdParams } from "@/lib/tickets/schemas";

// The segment is a ticket id for GET and POST (spec: /messages/{ticketId}) and a message id for
// DELETE (spec: /messages/{id}): Next allows one name per level.

// GET /api/messages/{ticketId} — `{ messages, count, hasMore, ticket }`, 20 a page going back.
// The ticket's agent opening it (page 1) reads it: its unread count goes to 0.
export const GET = route({ params: ticketIdParams, query: pageQuery.pick({ pageNumber: true }) }, async ({ ctx, params, query }) => {
  const db = getDb();
  const page = await listMessages(db, ctx, params.id, query.pageNumber);
  if (query.pageNumber === 1 && page.ticket.unreadMessages > 0 && (await markTicketRead(db, ctx, page.ticket))) {
    page.ticket = { ...page.ticket, unreadMessages: 0 };
  }
  return page;
});

// POST /api/messages/{ticketId} — JSON or multipart `medias`; writes the outbox row(s), answers at once.
export const POST = route({ params: ticketIdParams, upload: MEDIA_UPLOAD }, async ({ ctx, params, req }) => sendFromRequest(getDb(), ctx, params.id, req));

// DELETE /api/messages/{messageId} — deletes one of the company's own messages (also on WhatsApp); the updated message.
export const DELETE = route({ params: messageIdParams }, async ({ ctx, params }) => deleteMessage(getDb(), ctx, params.id));
