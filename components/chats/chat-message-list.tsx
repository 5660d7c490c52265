"use client";

import { ArrowDown, Loader2, MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { formatMessageTime } from "@/components/tickets/list/ticket-format";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { ChatMessageRow } from "./chat-types";
import type { ChatMessagesState } from "./use-chat-messages";

const TOP_THRESHOLD_PX = 600; // admin §9: older chat messages load within 600 px of the top
const AT_BOTTOM_PX = 80;

type Props = { state: ChatMessagesState; userId: number; /** changes when this browser sent a message */ bottomSignal: number };

/**
 * The open chat's messages. The scroller is flex-direction column-reverse, so its offset counts
 * from the bottom: it opens at the newest message, older pages added at the top leave what is on
 * screen in place, and a new message shows at once when the reader is at the bottom.
 */
export function ChatMessageList({ state, userId, bottomSignal }: Props) {
  const t = useTranslations("chats.messages");
  const scroller = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  const { messages, hasMore, loading, loaded, loadOlder } = state;

  const check = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const fromBottom = Math.abs(el.scrollTop);
    setAtBottom(fromBottom < AT_BOTTOM_PX);
    if (el.scrollHeight - el.clientHeight - fromBottom < TOP_THRESHOLD_PX) loadOlder();
  }, [loadOlder]);

  // a first page that does not fill the panel cannot be scrolled: keep loading until it does
  useEffect(() => {
    if (loaded && !loading) check();
  }, [loaded, loading, messages.length, check]);

  // a new message at the end while the reader is further up: what they read stays in place
  const last = messages.at(-1)?.id;
  const previous = useRef({ last, height: 0 });
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (before.last !== undefined && last !== before.last && Math.abs(el.scrollTop) >= AT_BOTTOM_PX) el.scrollTop -= el.scrollHeight - before.height;
    previous.current = { last, height: el.scrollHeight };
  }, [last, messages]);

  useEffect(() => {
    if (bottomSignal) scroller.current?.scrollTo({ top: 0 });
  }, [bottomSignal]);

  return (
    <div className="relative min-h-0 flex-1 bg-muted/40">
      <div ref={scroller} onScroll={check} className="flex h-full flex-col-reverse overflow-x-hidden overflow-y-auto [overflow-anchor:none]" data-testid="chat-message-list">
        <div className="flex flex-col gap-1 px-3 pt-2 pb-4 sm:px-6">
          {loading && hasMore && (
            <div className="flex justify-center py-3" role="status">
              <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
              <span className="sr-only">{t("loadingOlder")}</span>
            </div>
          )}
          {!loaded && (
            <div className="flex justify-center py-16" role="status">
              <Loader2 className="size-6 animate-spin text-muted-foreground" aria-hidden />
              <span className="sr-only">{t("loading")}</span>
            </div>
          )}
          {loaded && messages.length === 0 && (
            <div className="flex flex-col items-center gap-2 py-16 text-center text-sm text-muted-foreground">
              <MessagesSquare className="size-8 opacity-60" aria-hidden />
              {t("empty")}
            </div>
          )}
          {messages.map((m, i) => (
            <ChatBubble key={m.id} message={m} own={m.senderId === userId} first={messages[i - 1]?.senderId !== m.senderId} />
          ))}
        </div>
      </div>
      {!atBottom && (
        <Button
          variant="outline"
          size="icon"
          className="absolute right-4 bottom-4 rounded-full shadow-md"
          onClick={() => scroller.current?.scrollTo({ top: 0, behavior: "smooth" })}
          aria-label={t("toBottom")}
        >
          <ArrowDown aria-hidden />
        </Button>
      )}
    </div>
  );
}

function ChatBubble({ message, own, first }: { message: ChatMessageRow; own: boolean; first: boolean }) {
  const t = useTranslations("chats.messages");
  return (
    <div className={cn("flex", own ? "justify-end" : "justify-start", first && "mt-2")} data-testid="chat-message" data-own={own}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3 py-1.5 text-sm shadow-xs sm:max-w-[70%]",
          own ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm border bg-card text-card-foreground",
        )}
      >
        {!own && first && <p className="mb-0.5 text-xs font-semibold text-primary">{message.sender?.name ?? t("removedUser")}</p>}
        <p className="break-words whitespace-pre-wrap">{message.message}</p>
        <p className={cn("mt-0.5 text-right text-[10px] tabular-nums", own ? "text-primary-foreground/75" : "text-muted-foreground")}>
          {formatMessageTime(message.createdAt)}
        </p>
      </div>
    </div>
  );
}
