import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { readChat } from "@/lib/chats/read-chat";
import { chatParams as params, readChatSchema } from "@/lib/chats/schemas";

// POST /api/chats/{id}/read — members only: the caller's unread count of the chat back to 0 (userId, if sent, must be the caller).
export const POST = route({ params, body: readChatSchema }, async ({ ctx, params, body }) => readChat(getDb(), ctx, params.id, body.userId));
