import type { ChatEvent, ChatMessageRow, ChatRow, EventChat } from "./chat-types";

// Pure pieces of the chat screens' state, shared by the shell (popover, menu dot) and /chats.

/** The signed-in user's unread count in a chat (0 when not a member). */
export const unreadsOf = (chat: Pick<ChatRow, "users">, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads ?? 0;

/** How many chats have unread messages for the user (the popover's badge). */
export const unreadChatsCount = (chats: ChatRow[], userId: number) => chats.filter((c) => unreadsOf(c, userId) > 0).length;

const time = (c: ChatRow) => new Date(c.updatedAt).getTime() || 0;

/** Most recently updated first (the order of GET /api/chats). */
export const byRecent = (a: ChatRow, b: ChatRow) => time(b) - time(a) || b.id - a.id;

/** The popover's order: chats with unreads first, then the most recent. */
export function popoverOrder(chats: ChatRow[], userId: number): ChatRow[] {
  return [...chats].sort((a, b) => Number(unreadsOf(b, userId) > 0) - Number(unreadsOf(a, userId) > 0) || byRecent(a, b));
}

/** An event's chat as a row: a cut event's members keep the names already known. */
export function rowOf(chat: EventChat, known?: ChatRow): ChatRow {
  const names = new Map(known?.users.map((u) => [u.userId, u.user]) ?? []);
  return {
    ...chat,
    users: chat.users.map((u) => ({ userId: u.userId, unreads: u.unreads, user: u.user ?? names.get(u.userId) ?? { id: u.userId, name: "" } })),
  };
}

/** A chat added or replaced by id, the list kept most recent first. */
export function upsertChat(list: ChatRow[], chat: ChatRow): ChatRow[] {
  const known = list.find((c) => c.id === chat.id);
  // an older copy (events and answers may cross) never replaces a newer one
  if (known && time(known) > time(chat)) return list;
  return [...list.filter((c) => c.id !== chat.id), chat].sort(byRecent);
}

/** The list after a `chat` event of the user channel. */
export function applyChatEvent(list: ChatRow[], event: ChatEvent): ChatRow[] {
  if (event.action === "delete") return list.filter((c) => c.id !== event.chatId);
  const known = list.find((c) => c.id === event.chat.id);
  const row = rowOf(event.chat, known);
  // a read (update) carries the same updatedAt: counts still change
  if (known && time(known) === time(row)) return list.map((c) => (c.id === row.id ? row : c));
  return upsertChat(list, row);
}

/** The caller's count of one chat set to 0 (the read call's effect, shown before its event). */
export const clearUnreads = (list: ChatRow[], chatId: number, userId: number): ChatRow[] =>
  list.map((c) => (c.id === chatId ? { ...c, users: c.users.map((u) => (u.userId === userId ? { ...u, unreads: 0 } : u)) } : c));

/** Page 1 again merged into what is loaded: its rows replace theirs, later pages stay. */
export function mergeFirstPage(list: ChatRow[], page: ChatRow[]): ChatRow[] {
  const ids = new Set(page.map((c) => c.id));
  return [...page, ...list.filter((c) => !ids.has(c.id))].sort(byRecent);
}

const msgTime = (m: ChatMessageRow) => new Date(m.createdAt).getTime() || 0;
const byOldest = (a: ChatMessageRow, b: ChatMessageRow) => msgTime(a) - msgTime(b) || a.id - b.id;

/** Loaded messages (oldest first) with more added by id: pages (newest first), events, sent ones. */
export function addMessages(list: ChatMessageRow[], more: ChatMessageRow[]): ChatMessageRow[] {
  if (more.length === 0) return list;
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort(byOldest);
}

/** The message text a send may carry: non-blank (admin §2.10). */
export const canSend = (text: string) => text.trim().length > 0;

/**
 * What the input holds once a send of `sent` ended: a failed send keeps everything (nothing typed
 * is lost); a sent one leaves only what was typed meanwhile.
 */
export function textAfterSend(now: string, sent: string, ok: boolean): string {
  if (!ok) return now;
  if (now === sent) return "";
  return now.startsWith(sent) ? now.slice(sent.length) : now;
}

/** Enter sends; Shift+Enter breaks the line; Enter while composing (an IME) does neither. */
export const isSendKey = (e: { key: string; shiftKey: boolean; isComposing?: boolean }) => e.key === "Enter" && !e.shiftKey && !e.isComposing;
