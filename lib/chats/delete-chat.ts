import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { chats, chatUsers } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { publishChatEvent } from "./chat-events";
import { findChat } from "./find-chat";
import type { ChatRef } from "./schemas";

/** DELETE /chats/{id} (owner only): the chat, its members and messages (cascade); members lose it live. */
export async function deleteChat(db: Db, ctx: TenantContext, ref: ChatRef) {
  const { id, members } = await db.transaction(async (tx) => {
    const chat = await findChat(tx, ctx, ref, { owner: true, lock: true });
    const rows = await tx
      .select({ userId: chatUsers.userId })
      .from(chatUsers)
      .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.companyId, ctx.companyId)));
    await tx.delete(chats).where(and(eq(chats.id, chat.id), eq(chats.companyId, ctx.companyId)));
    return { id: chat.id, members: rows.map((r) => r.userId) };
  });
  await publishChatEvent(ctx.companyId, members, { action: "delete", chatId: id });
  return { ok: true };
}
