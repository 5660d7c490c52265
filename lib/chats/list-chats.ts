import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { chats, chatUsers } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import { chatColumns, withMembers } from "./chat-record";

/** Chats a page of GET /api/chats holds. */
export const CHATS_PAGE_SIZE = 20;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /chats: `{ records, count, hasMore }`, the caller's chats (member), most recently updated first. */
export async function listChats(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const conditions: SQL[] = [eq(chats.companyId, ctx.companyId)];
  const term = searchParam.trim();
  if (term) conditions.push(ilike(chats.title, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const mine = and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, ctx.userId), eq(chatUsers.companyId, ctx.companyId));
  const { limit, offset } = pageWindow(pageNumber, CHATS_PAGE_SIZE);
  const [rows, [{ total }]] = await Promise.all([
    db.select(chatColumns).from(chats).innerJoin(chatUsers, mine).where(where).orderBy(desc(chats.updatedAt), desc(chats.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(chats).innerJoin(chatUsers, mine).where(where),
  ]);
  return pageResult("records", await withMembers(db, ctx.companyId, rows), total, pageNumber, CHATS_PAGE_SIZE);
}
