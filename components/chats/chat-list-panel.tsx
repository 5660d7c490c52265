"use client";

import { Loader2, MessageCirclePlus, MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";
import { InfiniteScrollSentinel } from "@/components/lists/infinite-scroll";
import { SearchBox } from "@/components/lists/search-box";
import { formatTicketTime, unreadLabel } from "@/components/tickets/list/ticket-format";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { unreadsOf } from "./chat-state";
import type { ChatListState } from "./use-chat-list";

type Props = { list: ChatListState; userId: number; selectedId: number | null; onOpen: (uuid: string) => void; onNew: () => void };

/** The chat list (admin §2.10): title, the user's unread badge, last message and its time. */
export function ChatListPanel({ list, userId, selectedId, onOpen, onNew }: Props) {
  const t = useTranslations("chats.list");
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center gap-2 border-b p-3">
        <SearchBox value={list.search} onChange={list.setSearch} label={t("search")} testId="chats-search" className="min-w-0 flex-1" />
        <Button onClick={onNew} data-testid="chat-new" title={t("new")}>
          <MessageCirclePlus aria-hidden />
          {t("new")}
        </Button>
      </div>
      <ul className="min-h-0 flex-1 overflow-y-auto" data-testid="chat-list">
        {list.chats.length === 0 && !list.loading && (
          <li className="flex flex-col items-center gap-2 px-4 py-12 text-center text-sm text-muted-foreground">
            <MessagesSquare className="size-8 opacity-60" aria-hidden />
            {t(list.search ? "noResults" : "empty")}
          </li>
        )}
        {list.chats.map((chat) => {
          const unreads = unreadsOf(chat, userId);
          const active = chat.id === selectedId;
          return (
            <li key={chat.id} className="border-b last:border-b-0">
              <button
                type="button"
                onClick={() => onOpen(chat.uuid)}
                aria-current={active ? "true" : undefined}
                className={cn(
                  "flex w-full flex-col gap-0.5 px-4 py-3 text-left outline-none hover:bg-accent focus-visible:bg-accent",
                  active && "bg-primary/10 hover:bg-primary/15",
                )}
                data-testid="chat-list-item"
                data-chat-id={chat.id}
              >
                <span className="flex items-center gap-2">
                  <span className={cn("truncate text-sm", unreads ? "font-semibold" : "font-medium")}>{chat.title}</span>
                  <span className="ml-auto shrink-0 text-[11px] text-muted-foreground tabular-nums">{formatTicketTime(chat.updatedAt)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <span className="truncate text-xs text-muted-foreground">{chat.lastMessage || t("noMessages")}</span>
                  {unreads > 0 && (
                    <span
                      className="ml-auto h-4.5 min-w-4.5 shrink-0 rounded-full bg-success px-1.5 text-center text-[10px] leading-[18px] font-semibold text-success-foreground tabular-nums"
                      data-testid="chat-unread-badge"
                    >
                      {unreadLabel(unreads)}
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
        {list.loading && (
          <li className="flex justify-center py-4" role="status">
            <Loader2 className="size-5 animate-spin text-muted-foreground" aria-hidden />
          </li>
        )}
        <li>
          <InfiniteScrollSentinel onEnd={list.loadMore} enabled={list.hasMore && !list.loading} />
        </li>
      </ul>
    </div>
  );
}
