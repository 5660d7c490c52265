"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { api } from "@/lib/api/client";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { addMessages } from "./chat-state";
import type { ChatEvent, ChatMessageRow, ChatMessagesPage } from "./chat-types";

/**
 * The open chat's messages, oldest first: the newest page at once, older pages on demand, and the
 * `new-message` events of the user channel for this chat. Pages count from the newest, so
 * messages arriving meanwhile make a later page repeat some (merged by id).
 */
export function useChatMessages(opts: { companyId: number; userId: number; chatId: number }) {
  const { companyId, userId, chatId } = opts;
  const [messages, setMessages] = useState<ChatMessageRow[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const page = useRef(0);
  const busy = useRef(false);

  const url = (n: number) => `/api/chats/${chatId}/messages?pageNumber=${n}`;

  const fetchPage = useCallback(
    (n: number) => {
      busy.current = true;
      return api<ChatMessagesPage>(url(n))
        .then((res) => {
          setMessages((list) => addMessages(list, res.records));
          if (n >= page.current) {
            page.current = n;
            setHasMore(res.hasMore);
          }
          setLoaded(true);
        })
        .catch(() => setLoaded(true))
        .finally(() => {
          busy.current = false;
          setLoading(false);
        });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- url reads chatId only
    [chatId],
  );

  useEffect(() => {
    void fetchPage(1);
  }, [fetchPage]);

  /** The next older page (the list nears its top). */
  const loadOlder = useCallback(() => {
    if (busy.current || !hasMore) return;
    setLoading(true);
    void fetchPage(page.current + 1);
  }, [hasMore, fetchPage]);

  // the newest page merged by id: once subscribed (what came between the load and the binding), or after a cut event
  const refreshNewest = useCallback(() => {
    api<ChatMessagesPage>(url(1))
      .then((res) => setMessages((list) => addMessages(list, res.records)))
      .catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- url reads chatId only
  }, [chatId]);

  const channel = channels.user(companyId, userId);
  useRealtimeEvent<ChatEvent>(channel, EVENTS.chat, (e) => {
    if (e.action !== "new-message" || e.chat.id !== chatId) return;
    setMessages((list) => addMessages(list, [e.newMessage]));
    if (e.truncated) refreshNewest();
  });
  useRealtimeCatchUp([channel], refreshNewest);

  /** A message this browser sent (the POST answer; its event may come before or after). */
  const add = useCallback((m: ChatMessageRow) => setMessages((list) => addMessages(list, [m])), []);

  return { messages, hasMore, loading, loaded, loadOlder, add };
}

export type ChatMessagesState = ReturnType<typeof useChatMessages>;
