"use client";

import { Ban } from "lucide-react";
import { useTranslations } from "next-intl";
import { memo } from "react";
import { cn } from "@/lib/utils";
import type { ConversationMessage } from "./conversation-types";
import { MessageContent } from "./message-content";
import { MessageFailure } from "./message-failure";
import { MessageMenu } from "./message-menu";
import { timeLabel } from "./message-rows";
import { MessageTicks } from "./message-ticks";
import { QuotedMessage } from "./quoted-message";

type Props = {
  message: ConversationMessage;
  /** the first of a run from the same side: gets the corner "tail" and the sender's name */
  first: boolean;
  isGroup: boolean;
  contactName: string;
  onReply: (m: ConversationMessage) => void;
  /** reply and delete offered (the user may write in this ticket) */
  canWrite: boolean;
  onDelete: (m: ConversationMessage) => void;
  /** a failed own message was sent again (Resend, offered with canWrite): the new message */
  onResent?: (m: ConversationMessage) => void;
  onJump: (id: number) => void;
};

// a stable colour per group member, so senders are told apart at a glance
const SENDER_COLORS = ["text-rose-600 dark:text-rose-400", "text-amber-700 dark:text-amber-400", "text-emerald-700 dark:text-emerald-400", "text-sky-700 dark:text-sky-400", "text-violet-700 dark:text-violet-400", "text-teal-700 dark:text-teal-400"];

/** One message: customer's on the left, own on the right (spec core §2 "Ticket conversation"). */
export const MessageBubble = memo(function MessageBubble({ message: m, first, isGroup, contactName, onReply, canWrite, onDelete, onResent, onJump }: Props) {
  const t = useTranslations("tickets.conversation");
  const showName = isGroup && !m.fromMe && first && m.contact;
  const failed = m.fromMe && !m.isDeleted && m.sendStatus === "failed";
  return (
    <div id={`message-${m.id}`} className={cn("flex px-2 sm:px-6", m.fromMe ? "justify-end" : "justify-start", first ? "mt-2.5" : "mt-0.5")} data-testid="message" data-from-me={m.fromMe}>
      <div
        className={cn(
          "group relative flow-root max-w-[88%] rounded-2xl px-2.5 pt-1.5 pb-1 text-sm shadow-xs ring-1 ring-black/5 transition-shadow sm:max-w-[75%] xl:max-w-[62%] dark:ring-white/5",
          m.fromMe ? "bg-[color-mix(in_oklch,var(--primary)_16%,var(--card))] text-foreground" : "bg-card text-card-foreground",
          first && (m.fromMe ? "rounded-tr-sm" : "rounded-tl-sm"),
          "data-[flash=true]:ring-2 data-[flash=true]:ring-primary",
        )}
        data-bubble
      >
        {showName && <div className={cn("mb-0.5 pr-6 text-xs font-semibold", SENDER_COLORS[m.contact!.id % SENDER_COLORS.length])}>{m.contact!.name}</div>}
        {m.quotedMsg && !m.isDeleted && <QuotedMessage quoted={m.quotedMsg} contactName={contactName} onJump={onJump} />}
        {m.isDeleted && (
          <span className="inline-flex items-center gap-1.5 pr-1 italic text-muted-foreground line-through decoration-muted-foreground/50" data-testid="message-deleted">
            <Ban className="size-3.5 shrink-0" aria-hidden />
            {t("deletedMessage")}
          </span>
        )}
        {!m.isDeleted && <MessageContent message={m} />}
        <span className="float-right mt-1 ml-3 flex translate-y-0.5 items-center gap-1 text-[11px] leading-none text-muted-foreground select-none">
          {m.isEdited && !m.isDeleted && <span className="italic" data-testid="message-edited">{t("edited")}</span>}
          <time dateTime={m.createdAt}>{timeLabel(m.createdAt)}</time>
          {m.fromMe && <MessageTicks message={m} />}
        </span>
        {failed && <MessageFailure message={m} onResent={canWrite ? onResent : undefined} />}
        {!m.isDeleted && canWrite && (
          <MessageMenu canDelete={m.fromMe} onReply={() => onReply(m)} onDelete={() => onDelete(m)} align={m.fromMe ? "end" : "start"} />
        )}
      </div>
    </div>
  );
});
