"use client";

import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { AppMessageEvent, ConversationMessage, MessagesPage } from "./conversation-types";
import { mergeFresh, patchMessage, prependPage, upsertMessage } from "./message-store";

/**
 * The loaded messages of a conversation, oldest first: page 1 (the newest) at once, older pages
 * on demand, and live `appMessage` events of the ticket's channel. Pages are offsets from the
 * newest, so messages arriving meanwhile only make a later page repeat some (dropped by id).
 */
export function useMessages(ticketId: number, companyId: number) {
  const errorMessage = useErrorMessage();
  const t = useTranslations("tickets.conversation");
  const [messages, setMessages] = useState<ConversationMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  // the first page failed: the list offers a retry instead of loading for ever
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const page = useRef(0);
  const busy = useRef(false);

  const url = (pageNumber: number) => `/api/messages/${ticketId}?pageNumber=${pageNumber}`;

  // page 1 again (a refetch) merges without forgetting the older pages already loaded
  const apply = useCallback((pageNumber: number, res: MessagesPage) => {
    setMessages((list) => (pageNumber === 1 ? mergeFresh(list, res.messages) : prependPage(list, res.messages)));
    page.current = Math.max(page.current, pageNumber);
    if (pageNumber === page.current) setHasMore(res.hasMore);
    setLoaded(true);
  }, []);

  const settle = () => {
    busy.current = false;
    setLoading(false);
  };

  useEffect(() => {
    let live = true;
    busy.current = true;
    api<MessagesPage>(url(1))
      .then((res) => live && apply(1, res))
      .catch(() => {
        if (!live) return;
        setFailed(true);
        toast({ variant: "error", title: t("loadError") }); // spec core §8
      })
      .finally(() => live && settle());
    return () => {
      live = false;
    };
    // once per ticket (the conversation is keyed by it) and per retry; t only formats
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ticketId, attempt]);

  /** The first page again, after it failed. */
  const retry = useCallback(() => {
    setFailed(false);
    setLoading(true);
    setAttempt((n) => n + 1);
  }, []);

  /** The next older page, when the list nears its top. */
  const loadOlder = useCallback(() => {
    if (busy.current || !hasMore) return;
    const next = page.current + 1;
    busy.current = true;
    setLoading(true);
    api<MessagesPage>(url(next))
      .then((res) => apply(next, res))
      .catch((err) => toast({ variant: "error", title: errorMessage(err) }))
      .finally(settle);
    // errorMessage only formats; url and settle read nothing that changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasMore, apply, ticketId]);

  // the newest page again, merged by id: once the channel is subscribed (page load, reconnect), or
  // when an event carried a cut body
  const refreshNewest = useCallback(() => {
    void api<MessagesPage>(`/api/messages/${ticketId}?pageNumber=1`)
      .then((res) => setMessages((list) => mergeFresh(list, res.messages)))
      .catch(() => undefined);
  }, [ticketId]);

  // a burst of customer messages marks the ticket read once
  const readTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const markReadSoon = () => {
    if (readTimer.current) clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => void api(`/api/messages/${ticketId}/read`, { method: "POST" }).catch(() => undefined), 800);
  };
  useEffect(() => () => void (readTimer.current && clearTimeout(readTimer.current)), []);

  useRealtimeEvent<AppMessageEvent>(channels.ticket(companyId, ticketId), EVENTS.appMessage, (e) => {
    if (e.ticketId !== ticketId) return;
    if (e.action === "create") {
      setMessages((list) => upsertMessage(list, e.message));
      // seen as it arrives: the server clears the unread count when the viewer is the ticket's agent
      if (!e.message.fromMe && document.visibilityState === "visible") markReadSoon();
    } else setMessages((list) => patchMessage(list, e.message));
    if (e.message.truncated) refreshNewest();
  });
  // page 1 was asked for at mount, maybe before the subscription: what came in between is fetched
  useRealtimeCatchUp([channels.ticket(companyId, ticketId)], refreshNewest);

  /** Messages this browser just sent (the POST answer); their events may come before or after. */
  const add = useCallback((sent: ConversationMessage[]) => setMessages((list) => sent.reduce(upsertMessage, list)), []);
  const patch = useCallback((m: Partial<ConversationMessage> & { id: number }) => setMessages((list) => patchMessage(list, m)), []);

  return { messages, hasMore, loading, loaded, failed, retry, loadOlder, add, patch };
}

export type MessagesState = ReturnType<typeof useMessages>;
