"use client";

import { MessageCircle } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { formatTicketTime, unreadLabel } from "@/components/tickets/list/ticket-format";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { popoverOrder, unreadsOf } from "./chat-state";
import { useChatsShell } from "./chats-context";

const SHOWN = 10;

/** The top bar's internal-chats popover (core §2): chats with unreads first, each opening /chats/{uuid}. */
export function ChatsPopover() {
  const t = useTranslations("chats");
  const shell = useChatsShell();
  const [open, setOpen] = useState(false);
  if (!shell) return null;
  const count = shell.unreadChats;
  const label = count ? t("popover.labelCount", { count }) : t("popover.label");
  const shown = popoverOrder(shell.chats, shell.userId).slice(0, SHOWN);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={label} title={label} data-testid="chats-popover-button">
          <MessageCircle className="size-5" />
          {count > 0 && (
            <span
              className="absolute top-1 right-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive-fill px-1 text-[10px] leading-none font-semibold text-destructive-foreground tabular-nums"
              data-testid="chats-popover-count"
            >
              {unreadLabel(count)}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" data-testid="chats-popover">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <p className="text-sm font-semibold">{t("popover.title")}</p>
          {count > 0 && <span className="text-xs text-muted-foreground">{t("popover.unread", { count })}</span>}
        </div>
        <ul className="max-h-96 overflow-y-auto py-1">
          {shown.length === 0 && (
            <li className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground">
              <MessageCircle className="size-6 opacity-60" aria-hidden />
              {t("popover.empty")}
            </li>
          )}
          {shown.map((chat) => {
            const unreads = unreadsOf(chat, shell.userId);
            return (
              <li key={chat.id}>
                <Link
                  href={`/chats/${chat.uuid}`}
                  onClick={() => setOpen(false)}
                  className="flex flex-col gap-0.5 px-4 py-2.5 outline-none hover:bg-accent focus-visible:bg-accent"
                  data-testid="chats-popover-item"
                >
                  <span className="flex items-center gap-2">
                    <span className={unreads ? "truncate text-sm font-semibold" : "truncate text-sm font-medium"}>{chat.title}</span>
                    <span className="ml-auto shrink-0 text-[11px] text-muted-foreground tabular-nums">{formatTicketTime(chat.updatedAt)}</span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="truncate text-xs text-muted-foreground">{chat.lastMessage || t("list.noMessages")}</span>
                    {unreads > 0 && (
                      <span className="ml-auto h-4.5 min-w-4.5 shrink-0 rounded-full bg-success px-1.5 text-center text-[10px] leading-[18px] font-semibold text-success-foreground tabular-nums">
                        {unreadLabel(unreads)}
                      </span>
                    )}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
        <div className="border-t p-1">
          <Button asChild variant="ghost" size="sm" className="w-full" onClick={() => setOpen(false)}>
            <Link href="/chats" data-testid="chats-popover-all">
              {t("popover.all")}
            </Link>
          </Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}
