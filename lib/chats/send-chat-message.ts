import { and, eq, ne, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { chatMessages, chats, chatUsers, users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { chatRecord, LAST_MESSAGE_MAX } from "./chat-record";
import { type ChatMessageRecord, memberIdsOf, publishChatEvent } from "./chat-events";
import { findChat } from "./find-chat";
import type { ChatRef } from "./schemas";

/**
 * POST /chats/{id}/messages (members only): in one transaction the message, one more unread for
 * every other member, and the chat's lastMessage and updatedAt; then `new-message` to every member.
 */
export async function sendChatMessage(db: Db, ctx: TenantContext, ref: ChatRef, message: string): Promise<ChatMessageRecord> {
  const { chatId, row } = await db.transaction(async (tx) => {
    const chat = await findChat(tx, ctx, ref);
    const [row] = await tx
      .insert(chatMessages)
      .values({ companyId: ctx.companyId, chatId: chat.id, senderId: ctx.userId, message })
      .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt });
    await tx
      .update(chatUsers)
      .set({ unreads: sql`${chatUsers.unreads} + 1` })
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.companyId, ctx.companyId), ne(chatUsers.userId, ctx.userId)));
    await tx
      .update(chats)
      .set({ lastMessage: Array.from(message).slice(0, LAST_MESSAGE_MAX).join(""), updatedAt: new Date() })
      .where(and(eq(chats.id, chat.id), eq(chats.companyId, ctx.companyId)));
    return { chatId: chat.id, row };
  });
  const [sender] = await db.select({ name: users.name }).from(users).where(eq(users.id, ctx.userId));
  const newMessage: ChatMessageRecord = {
    id: row.id,
    chatId,
    senderId: ctx.userId,
    sender: { id: ctx.userId, name: sender?.name ?? "" },
    message,
    createdAt: row.createdAt,
  };
  const record = await chatRecord(db, ctx.companyId, chatId);
  if (record) await publishChatEvent(ctx.companyId, memberIdsOf(record), { action: "new-message", chat: record, newMessage });
  return newMessage;
}
