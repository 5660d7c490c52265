import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { chatRecord, type ChatRecord } from "./chat-record";
import { findChat } from "./find-chat";

/** The chat /chats/{uuid} opens: the caller's (member) chat of the company, or null. */
export async function getChatForPage(db: DbOrTx, ctx: TenantContext, uuid: string): Promise<ChatRecord | null> {
  try {
    const chat = await findChat(db, ctx, { uuid: uuid.toLowerCase() });
    return await chatRecord(db, ctx.companyId, chat.id);
  } catch (err) {
    if (err instanceof AppError && (err.status === 403 || err.status === 404)) return null;
    throw err;
  }
}
