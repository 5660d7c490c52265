"use client";

import { Reply, X } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ConversationMessage } from "./conversation-types";
import { QuotedContent } from "./quoted-message";

/** The message being answered, above the input until sent or cancelled. */
export function ReplyPreview({ message, contactName, onCancel }: { message: ConversationMessage; contactName: string; onCancel: () => void }) {
  const t = useTranslations("tickets.conversation");
  return (
    <div className="mx-3 mt-2 flex items-start gap-2 rounded-lg border-l-4 border-primary bg-muted/60 px-3 py-2 text-xs" data-testid="reply-preview">
      <Reply className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-primary">{message.fromMe ? t("you") : (message.contact?.name ?? contactName)}</p>
        {/* as the quote will show it: a quote carries no file */}
        <QuotedContent message={{ ...message, mediaUrl: null }} />
      </div>
      <button type="button" onClick={onCancel} className="rounded-full p-0.5 text-muted-foreground hover:bg-muted hover:text-foreground" aria-label={t("cancelReply")}>
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
