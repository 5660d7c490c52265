import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createChat } from "@/lib/chats/create-chat";
import { listChats } from "@/lib/chats/list-chats";
import { createChatSchema } from "@/lib/chats/schemas";

// GET /api/chats — `{ records, count, hasMore }`, 20 a page: the caller's chats, most recently updated first.
export const GET = route({ query: pageQuery }, async ({ ctx, query }) => listChats(getDb(), ctx, query.searchParam, query.pageNumber));

// POST /api/chats — `{ title, users: [{ id }] }`: a chat the caller owns, with the users of the company picked.
export const POST = route({ body: createChatSchema }, async ({ ctx, body }) => createChat(getDb(), ctx, body));
