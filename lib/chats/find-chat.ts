import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { chats, chatUsers } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import type { ChatRef } from "./schemas";

export type FoundChat = { id: number; ownerId: number | null };

/**
 * A chat of the caller's company named by id or uuid (404 ERR_NO_CHAT_FOUND otherwise, another
 * company's too), that the caller is a member of (403 ERR_NO_PERMISSION otherwise). `owner`: only
 * its owner may (edit, delete). `lock`: the row is locked for the transaction (edits take turns).
 */
export async function findChat(db: DbOrTx, ctx: TenantContext, ref: ChatRef, opts: { owner?: boolean; lock?: boolean } = {}): Promise<FoundChat> {
  const byRef = "id" in ref ? eq(chats.id, ref.id) : eq(chats.uuid, ref.uuid);
  const query = db
    .select({ id: chats.id, ownerId: chats.ownerId })
    .from(chats)
    .where(and(byRef, eq(chats.companyId, ctx.companyId)));
  const [chat] = opts.lock ? await query.for("update") : await query;
  if (!chat) throw new AppError("ERR_NO_CHAT_FOUND", 404);
  if (opts.owner) {
    if (chat.ownerId !== ctx.userId) throw new AppError("ERR_NO_PERMISSION", 403);
    return chat;
  }
  const [member] = await db
    .select({ userId: chatUsers.userId })
    .from(chatUsers)
    .where(and(eq(chatUsers.chatId, chat.id), eq(chatUsers.userId, ctx.userId), eq(chatUsers.companyId, ctx.companyId)));
  if (!member) throw new AppError("ERR_NO_PERMISSION", 403);
  return chat;
}
