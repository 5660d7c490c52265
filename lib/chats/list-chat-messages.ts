import { and, count, desc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { chatMessages, users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import type { ChatMessageRecord } from "./chat-events";
import { findChat } from "./find-chat";
import type { ChatRef } from "./schemas";

/** Messages a page of GET /api/chats/{id}/messages holds. */
export const CHAT_MESSAGES_PAGE_SIZE = 30;

export const messageColumns = {
  id: chatMessages.id,
  chatId: chatMessages.chatId,
  senderId: chatMessages.senderId,
  senderName: users.name,
  message: chatMessages.message,
  createdAt: chatMessages.createdAt,
};

type MessageRow = { id: number; chatId: number; senderId: number | null; senderName: string | null; message: string; createdAt: Date };

export const toMessageRecord = ({ senderName, ...m }: MessageRow): ChatMessageRecord => ({
  ...m,
  sender: m.senderId !== null && senderName !== null ? { id: m.senderId, name: senderName } : null,
});

/** GET /chats/{id}/messages (members only): `{ records, count, hasMore }`, newest first. */
export async function listChatMessages(db: Db, ctx: TenantContext, ref: ChatRef, pageNumber: number) {
  const chat = await findChat(db, ctx, ref);
  const where = and(eq(chatMessages.chatId, chat.id), eq(chatMessages.companyId, ctx.companyId));
  const { limit, offset } = pageWindow(pageNumber, CHAT_MESSAGES_PAGE_SIZE);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(users, eq(users.id, chatMessages.senderId))
      .where(where)
      .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(chatMessages).where(where),
  ]);
  return pageResult("records", rows.map(toMessageRecord), total, pageNumber, CHAT_MESSAGES_PAGE_SIZE);
}
