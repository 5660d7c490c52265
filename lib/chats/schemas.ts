/**
 * Internal chat (admin §2.10, §3 Chat, §5, §7 Internal chat): payloads of /api/chats.
 *
 * `{id}` in /api/chats/{id}/... is the chat's numeric id or its uuid (the page's URL is
 * /chats/{uuid}, core §2): either names the same chat.
 */
import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue keys (messages/*.json "chats.validation.") of the spec's dialog messages (admin §5).
export const TITLE_REQUIRED = "titleRequired";
export const USERS_REQUIRED = "usersRequired";

export const CHAT_TITLE_MAX = 100;
/** A message's longest text: with the chat record it stays inside a realtime event (10 KB). */
export const CHAT_MESSAGE_MAX = 2000;
/** Members of one chat (the owner included). */
export const CHAT_USERS_MAX = 200;

const title = z.string({ error: TITLE_REQUIRED }).trim().min(1, TITLE_REQUIRED).max(CHAT_TITLE_MAX, V.tooLong);
const users = z
  .array(z.object({ id: idSchema() }), { error: USERS_REQUIRED })
  .min(1, USERS_REQUIRED)
  .max(CHAT_USERS_MAX, V.tooLong);

/** POST /api/chats: `{ title, users: [{ id }] }`; the caller joins as owner. */
export const createChatSchema = z.object({ title, users });
export type CreateChatInput = z.infer<typeof createChatSchema>;

/** PUT /api/chats/{id}: a new title and/or the whole member list (the owner always stays). */
export const updateChatSchema = z.object({ title: title.optional(), users: users.optional() });
export type UpdateChatInput = z.infer<typeof updateChatSchema>;

/** POST /api/chats/{id}/messages: `{ message }`, non-blank. */
export const sendChatMessageSchema = z.object({
  message: z.string({ error: V.required }).max(CHAT_MESSAGE_MAX, V.tooLong).refine((s) => s.trim().length > 0, V.required),
});

/** POST /api/chats/{id}/read: the spec sends the reader's userId; it can only be the caller. */
export const readChatSchema = z.object({ userId: idSchema().optional() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A chat named by its id or its uuid. */
export type ChatRef = { id: number } | { uuid: string };

export const chatParams = z.object({
  id: z.union([idSchema(), z.string().regex(UUID, "invalidId")]).transform((v): ChatRef => (typeof v === "number" ? { id: v } : { uuid: v.toLowerCase() })),
});

/** The new/edit dialog (react-hook-form): users as the picked ids. */
export const chatFormSchema = z.object({
  title,
  users: z.array(z.number()).min(1, USERS_REQUIRED),
});
export type ChatFormValues = z.infer<typeof chatFormSchema>;
