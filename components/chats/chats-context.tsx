"use client";

import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { applyChatEvent, clearUnreads, unreadChatsCount } from "./chat-state";
import type { ChatEvent, ChatRow, ChatsPage } from "./chat-types";

type ChatsShell = {
  userId: number;
  companyId: number;
  /** the user's most recent chats (GET /api/chats page 1), live */
  chats: ChatRow[];
  /** chats with unread messages for the user */
  unreadChats: number;
  /** the read call's effect shown at once (its event follows) */
  markRead: (chatId: number) => void;
};

const Ctx = createContext<ChatsShell | null>(null);

/** The shell's view of the user's internal chats, or null when the plan has no internal chat. */
export const useChatsShell = () => useContext(Ctx);

type ProviderProps = { companyId: number; userId: number; enabled: boolean; children: ReactNode };

/**
 * The signed-in user's internal chats as the shell shows them (core §2: the top bar's popover and
 * the dot on the menu's chat item): the first page, kept live by the `chat` events of the user's
 * channel on every tab, and read again once the channel is subscribed (and after reconnects).
 */
export function ChatUnreadsProvider({ companyId, userId, enabled, children }: ProviderProps) {
  const [chats, setChats] = useState<ChatRow[]>([]);
  const channel = enabled ? channels.user(companyId, userId) : null;

  const refresh = useCallback(() => {
    if (!enabled) return;
    api<ChatsPage>("/api/chats?pageNumber=1")
      .then((page) => setChats(page.records))
      .catch(() => undefined);
  }, [enabled]);

  useEffect(() => refresh(), [refresh]);
  useRealtimeEvent<ChatEvent>(channel, EVENTS.chat, (e) => {
    setChats((list) => applyChatEvent(list, e));
    if ("truncated" in e && e.truncated) refresh();
  });
  useRealtimeCatchUp([channel], refresh);

  const markRead = useCallback((chatId: number) => setChats((list) => clearUnreads(list, chatId, userId)), [userId]);
  const value = useMemo(
    () => (enabled ? { userId, companyId, chats, unreadChats: unreadChatsCount(chats, userId), markRead } : null),
    [enabled, userId, companyId, chats, markRead],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
