import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { listChatMessages } from "@/lib/chats/list-chat-messages";
import { chatParams as params, sendChatMessageSchema } from "@/lib/chats/schemas";
import { sendChatMessage } from "@/lib/chats/send-chat-message";

const query = pageQuery.pick({ pageNumber: true });

// GET /api/chats/{id}/messages — members only: `{ records, count, hasMore }`, 30 a page, newest first.
export const GET = route({ params, query }, async ({ ctx, params, query }) =>
  listChatMessages(getDb(), ctx, params.id, query.pageNumber),
);

// POST /api/chats/{id}/messages — members only: `{ message }`; answers the message.
export const POST = route({ params, body: sendChatMessageSchema }, async ({ ctx, params, body }) => sendChatMessage(getDb(), ctx, params.id, body.message));
