"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { applyChatEvent, clearUnreads, mergeFirstPage, upsertChat } from "./chat-state";
import type { ChatEvent, ChatRow, ChatsPage } from "./chat-types";

const SEARCH_DEBOUNCE_MS = 500; // core §9: chat searches are debounced 500 ms

/**
 * The chat list of /chats: the server's first page, later pages on demand, a debounced title
 * search, and the user channel's `chat` events (a new message moves its chat to the top).
 */
export function useChatList(opts: { companyId: number; userId: number; initial: ChatsPage }) {
  const { companyId, userId } = opts;
  const [chats, setChats] = useState<ChatRow[]>(opts.initial.records);
  const [hasMore, setHasMore] = useState(opts.initial.hasMore);
  const [loading, setLoading] = useState(false);
  const [search, setSearch] = useState("");
  const [term, setTerm] = useState("");
  const page = useRef(1);
  const generation = useRef(0);

  const url = (pageNumber: number, searchParam: string) => `/api/chats?${new URLSearchParams({ searchParam, pageNumber: String(pageNumber) })}`;

  const load = useCallback(async (pageNumber: number, searchParam: string) => {
    const gen = generation.current;
    setLoading(true);
    try {
      const res = await api<ChatsPage>(url(pageNumber, searchParam));
      if (gen !== generation.current) return;
      setChats((list) => (pageNumber === 1 ? res.records : mergeFirstPage(list, res.records)));
      setHasMore(res.hasMore);
      page.current = pageNumber;
    } catch {
      // the list stays as it was; scrolling asks again
    } finally {
      if (gen === generation.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const id = setTimeout(() => setTerm(search.trim().toLowerCase()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [search]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    generation.current++;
    void load(1, term);
  }, [term, load]);

  const catchUp = useCallback(() => {
    const gen = generation.current;
    api<ChatsPage>(url(1, term))
      .then((res) => gen === generation.current && setChats((list) => mergeFirstPage(list, res.records)))
      .catch(() => undefined);
  }, [term]);

  const channel = channels.user(companyId, userId);
  useRealtimeEvent<ChatEvent>(channel, EVENTS.chat, (e) => {
    // while searching, a chat whose title does not match stays out
    if (e.action !== "delete" && term && !e.chat.title.toLowerCase().includes(term)) {
      setChats((list) => list.filter((c) => c.id !== e.chat.id));
      return;
    }
    setChats((list) => applyChatEvent(list, e));
    if ("truncated" in e && e.truncated) catchUp();
  });
  useRealtimeCatchUp([channel], catchUp, { serverData: true });

  return {
    chats,
    hasMore,
    loading,
    search,
    setSearch,
    loadMore: () => {
      if (!loading && hasMore) void load(page.current + 1, term);
    },
    upsert: (chat: ChatRow) => setChats((list) => upsertChat(list, chat)),
    remove: (id: number) => setChats((list) => list.filter((c) => c.id !== id)),
    markRead: (chatId: number) => setChats((list) => clearUnreads(list, chatId, userId)),
  };
}

export type ChatListState = ReturnType<typeof useChatList>;
