import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "@/db";
import { chats, chatUsers } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { chatRecord, type ChatRecord } from "./chat-record";
import { memberIdsOf, publishChatEvent } from "./chat-events";
import { findChat } from "./find-chat";
import { memberIds } from "./members";
import type { ChatRef, UpdateChatInput } from "./schemas";

/**
 * PUT /chats/{id} (owner only): the title and, when sent, the whole member list (the owner stays;
 * members kept keep their unread counts). Members get the chat again; removed ones lose it live.
 */
export async function updateChat(db: Db, ctx: TenantContext, ref: ChatRef, input: UpdateChatInput): Promise<ChatRecord> {
  const { id, removed } = await db.transaction(async (tx) => {
    const chat = await findChat(tx, ctx, ref, { owner: true, lock: true });
    let removed: number[] = [];
    if (input.users) {
      const ids = await memberIds(tx, ctx.companyId, chat.ownerId, input.users);
      const ofChat = and(eq(chatUsers.chatId, chat.id), eq(chatUsers.companyId, ctx.companyId));
      const gone = await tx.delete(chatUsers).where(and(ofChat, notInArray(chatUsers.userId, ids))).returning({ userId: chatUsers.userId });
      removed = gone.map((g) => g.userId);
      await tx
        .insert(chatUsers)
        .values(ids.map((userId) => ({ chatId: chat.id, userId, companyId: ctx.companyId })))
        .onConflictDoNothing();
    }
    const [row] = await tx
      .update(chats)
      .set({ ...(input.title !== undefined ? { title: input.title } : {}), updatedAt: new Date() })
      .where(and(eq(chats.id, chat.id), eq(chats.companyId, ctx.companyId)))
      .returning({ id: chats.id });
    if (!row) throw new AppError("ERR_NO_CHAT_FOUND", 404);
    return { id: chat.id, removed };
  });
  const record = (await chatRecord(db, ctx.companyId, id))!;
  await Promise.all([
    publishChatEvent(ctx.companyId, memberIdsOf(record), { action: "update", chat: record }),
    publishChatEvent(ctx.companyId, removed, { action: "delete", chatId: id }),
  ]);
  return record;
}

