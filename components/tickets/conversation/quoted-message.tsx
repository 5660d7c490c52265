"use client";

import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import type { ConversationMessage } from "./conversation-types";

type Quoted = NonNullable<ConversationMessage["quotedMsg"]>;

/** A short text for a quoted message: its body, else the kind of media it was. */
export function useQuotedText() {
  const t = useTranslations("tickets.conversation.media");
  return (q: Pick<Quoted, "body" | "mediaType">): string => {
    if (q.mediaType === "locationMessage") return t("locationMessage");
    if (q.mediaType === "vcard") return t("vcard");
    if (q.body.trim()) return q.body;
    return q.mediaType && t.has(q.mediaType) ? t(q.mediaType) : t("other");
  };
}

/** The replied-to message inside a bubble; a click scrolls to it when it is loaded. */
export function QuotedMessage({ quoted, contactName, onJump }: { quoted: Quoted; contactName: string; onJump: (id: number) => void }) {
  const t = useTranslations("tickets.conversation");
  const text = useQuotedText();
  return (
    <button
      type="button"
      onClick={() => onJump(quoted.id)}
      className={cn(
        "mb-1 block w-full min-w-40 rounded-md border-l-4 bg-black/5 px-2 py-1 text-left text-xs transition-colors hover:bg-black/10 dark:bg-white/5 dark:hover:bg-white/10",
        quoted.fromMe ? "border-primary" : "border-sky-500",
      )}
      data-testid="quoted-message"
    >
      <span className={cn("block font-semibold", quoted.fromMe ? "text-primary" : "text-sky-600 dark:text-sky-400")}>
        {quoted.fromMe ? t("you") : contactName}
      </span>
      <span className="line-clamp-2 whitespace-pre-wrap break-words text-muted-foreground">{text(quoted)}</span>
    </button>
  );
}
