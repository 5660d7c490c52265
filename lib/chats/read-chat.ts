import { and, eq, gt } from "drizzle-orm";
import type { Db } from "@/db";
import { chatUsers } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { chatRecord } from "./chat-record";
import { publishChatEvent } from "./chat-events";
import { findChat } from "./find-chat";
import type { ChatRef } from "./schemas";

/**
 * POST /chats/{id}/read (members only): the caller's unread count back to 0 (admin §4). The spec
 * sends the reader's userId: anyone else's is refused (403). When it cleared anything, every tab
 * of the caller gets the chat again (`update`); other members' counts are not theirs to see change.
 */
export async function readChat(db: Db, ctx: TenantContext, ref: ChatRef, userId?: number) {
  const chat = await findChat(db, ctx, ref);
  if (userId !== undefined && userId !== ctx.userId) throw new AppError("ERR_NO_PERMISSION", 403);
  const cleared = await db
    .update(chatUsers)
    .set({ unreads: 0 })
    .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, ctx.userId), eq(chatUsers.companyId, ctx.companyId), gt(chatUsers.unreads, 0)))
    .returning({ userId: chatUsers.userId });
  const record = await chatRecord(db, ctx.companyId, chat.id);
  if (cleared.length > 0 && record) await publishChatEvent(ctx.companyId, [ctx.userId], { action: "update", chat: record });
  return record;
}
