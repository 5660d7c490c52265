import { channels, EVENTS } from "@/lib/realtime/channels";
import { MAX_PAYLOAD_BYTES, publish } from "@/lib/realtime/publish";
import type { ChatMember, ChatRecord } from "./chat-record";

/** A message as GET /api/chats/{id}/messages lists it and `new-message` events carry it. */
export type ChatMessageRecord = {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: Date;
};

/**
 * `chat` events on each member's user channel (core §7, admin §7). `truncated`: the event was cut
 * to fit (member names left out, the message shortened); the browser reads the list and the
 * newest messages again.
 */
export type ChatEvent =
  | { action: "new-message"; chat: EventChat; newMessage: ChatMessageRecord; truncated?: true }
  | { action: "update"; chat: EventChat; truncated?: true }
  | { action: "delete"; chatId: number };

/** The chat an event carries: a cut event's members have no `user` (the names are known or refetched). */
export type EventChat = Omit<ChatRecord, "users"> & { users: (Omit<ChatMember, "user"> & { user?: ChatMember["user"] })[] };

// room kept under the transport's limit for the channel names and framing
const BUDGET = MAX_PAYLOAD_BYTES - 512;
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** The event as sent: whole when it fits, otherwise without member names, then with a shorter message. */
export function fitChatEvent(event: ChatEvent): ChatEvent {
  if (event.action === "delete" || bytes(event) <= BUDGET) return event;
  const chat = { ...event.chat, users: event.chat.users.map((u) => ({ userId: u.userId, unreads: u.unreads })) };
  const slim: ChatEvent = { ...event, chat, truncated: true };
  if (slim.action === "update" || bytes(slim) <= BUDGET) return slim;
  let text = slim.newMessage.message;
  // cut by characters until the bytes fit (multi-byte text needs more than one pass)
  while (text.length > 0 && bytes({ ...slim, newMessage: { ...slim.newMessage, message: text } }) > BUDGET) {
    const over = bytes({ ...slim, newMessage: { ...slim.newMessage, message: text } }) - BUDGET;
    text = Array.from(text).slice(0, -Math.max(1, Math.ceil(over / 4))).join("");
  }
  return { ...slim, newMessage: { ...slim.newMessage, message: text } };
}

/** The event to the user channels of `userIds` (members, or members just removed). */
export function publishChatEvent(companyId: number, userIds: number[], event: ChatEvent): Promise<void> {
  if (userIds.length === 0) return Promise.resolve();
  return publish({ channels: userIds.map((id) => channels.user(companyId, id)), event: EVENTS.chat, data: fitChatEvent(event) });
}

export const memberIdsOf = (chat: ChatRecord) => chat.users.map((u) => u.userId);
