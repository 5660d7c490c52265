import type { Db } from "@/db";
import { chats, chatUsers } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { chatRecord, type ChatRecord } from "./chat-record";
import { memberIds } from "./members";
import { memberIdsOf, publishChatEvent } from "./chat-events";
import type { CreateChatInput } from "./schemas";

/** POST /chats: a chat owned by the caller with the users picked (all of the company) and the owner. */
export async function createChat(db: Db, ctx: TenantContext, input: CreateChatInput): Promise<ChatRecord> {
  const id = await db.transaction(async (tx) => {
    const ids = await memberIds(tx, ctx.companyId, ctx.userId, input.users);
    const [row] = await tx.insert(chats).values({ companyId: ctx.companyId, ownerId: ctx.userId, title: input.title }).returning({ id: chats.id });
    await tx.insert(chatUsers).values(ids.map((userId) => ({ chatId: row.id, userId, companyId: ctx.companyId })));
    return row.id;
  });
  const record = (await chatRecord(db, ctx.companyId, id))!;
  // every member's list shows it at once
  await publishChatEvent(ctx.companyId, memberIdsOf(record), { action: "update", chat: record });
  return record;
}
