import type { ChatEvent as ServerChatEvent } from "@/lib/chats/chat-events";

// The chat records as the browser holds them (dates arrive as ISO text).
export type ChatMemberRow = { userId: number; unreads: number; user: { id: number; name: string } };

export type ChatRow = {
  id: number;
  uuid: string;
  title: string;
  ownerId: number | null;
  updatedAt: string;
  lastMessage: string;
  users: ChatMemberRow[];
};

export type ChatMessageRow = {
  id: number;
  chatId: number;
  senderId: number | null;
  sender: { id: number; name: string } | null;
  message: string;
  createdAt: string;
};

export type ChatsPage = { records: ChatRow[]; count: number; hasMore: boolean };
export type ChatMessagesPage = { records: ChatMessageRow[]; count: number; hasMore: boolean };

type Jsonified<T> = T extends Date ? string : T extends object ? { [K in keyof T]: Jsonified<T[K]> } : T;

/** A `chat` event of the user channel as it arrives (lib/chats/chat-events.ts). */
export type ChatEvent = Jsonified<ServerChatEvent>;
export type EventChat = Extract<ChatEvent, { chat: unknown }>["chat"];
