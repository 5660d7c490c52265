"use client";

import { Ban } from "lucide-react";
import { useTranslations } from "next-intl";
import { MessageContent } from "@/components/tickets/conversation/message-content";
import { cn } from "@/lib/utils";
import { formatMessageTime } from "./ticket-format";

export type PeekMessageView = {
  id: number;
  ticketId: number;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
  mediaUrl: string | null;
  isDeleted: boolean;
  createdAt: string;
  contact: { id: number; name: string } | null;
};

/** One bubble of the peek: its content drawn as the conversation draws it (MessageContent). */
export function PeekMessage({ message: m }: { message: PeekMessageView }) {
  const t = useTranslations("tickets.list.peek");
  return (
    <div className={cn("flex", m.fromMe ? "justify-end" : "justify-start")} data-testid="peek-message">
      <div
        className={cn(
          "max-w-[80%] rounded-2xl px-3 py-2 text-sm shadow-xs",
          m.fromMe ? "rounded-br-sm bg-primary/15 dark:bg-primary/25" : "rounded-bl-sm bg-card",
        )}
      >
        {m.isDeleted ? (
          <p className="flex items-center gap-1.5 italic text-muted-foreground">
            <Ban className="size-3.5" aria-hidden />
            {t("deleted")}
          </p>
        ) : (
          <MessageContent message={m} />
        )}
        <p className="mt-1 text-right text-[11px] text-muted-foreground tabular-nums">{formatMessageTime(m.createdAt)}</p>
      </div>
    </div>
  );
}

