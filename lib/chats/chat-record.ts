import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { chats, chatUsers, users } from "@/db/schema";

export type ChatMember = { userId: number; unreads: number; user: { id: number; name: string } };

/** A chat as GET /api/chats lists it (admin §3 Chat) and as `chat` events carry it. */
export type ChatRecord = {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  updatedAt: Date;
  lastMessage: string;
  users: ChatMember[];
};

/** lastMessage keeps the start of the last message: a preview, not the message. */
export const LAST_MESSAGE_MAX = 255;

export const chatColumns = {
  id: chats.id,
  uuid: chats.uuid,
  title: chats.title,
  ownerId: chats.ownerId,
  updatedAt: chats.updatedAt,
  lastMessage: chats.lastMessage,
};

type ChatRow = Omit<ChatRecord, "users">;

/** The members of the chats, each list by name, joined to their rows (order of `rows` kept). */
export async function withMembers(db: DbOrTx, companyId: number, rows: ChatRow[]): Promise<ChatRecord[]> {
  if (rows.length === 0) return [];
  const members = await db
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(and(eq(chatUsers.companyId, companyId), inArray(chatUsers.chatId, rows.map((r) => r.id))))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((r) => ({
    ...r,
    users: members.filter((m) => m.chatId === r.id).map((m) => ({ userId: m.userId, unreads: m.unreads, user: { id: m.userId, name: m.name } })),
  }));
}

/** One chat of the company as a record, or null. */
export async function chatRecord(db: DbOrTx, companyId: number, chatId: number): Promise<ChatRecord | null> {
  const rows = await db.select(chatColumns).from(chats).where(and(eq(chats.id, chatId), eq(chats.companyId, companyId)));
  const [record] = await withMembers(db, companyId, rows);
  return record ?? null;
}
