import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteChat } from "@/lib/chats/delete-chat";
import { chatParams as params, updateChatSchema } from "@/lib/chats/schemas";
import { updateChat } from "@/lib/chats/update-chat";

// PUT /api/chats/{id} — owner only ({id}: the chat's id or uuid): title and/or the whole member list.
export const PUT = route({ params, body: updateChatSchema }, async ({ ctx, params, body }) => updateChat(getDb(), ctx, params.id, body));

// DELETE /api/chats/{id} — owner only: the chat and its messages.
export const DELETE = route({ params }, async ({ ctx, params }) => deleteChat(getDb(), ctx, params.id));
