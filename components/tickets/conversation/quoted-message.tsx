"use client";

import { useTranslations } from "next-intl";
import { plainBody } from "@/lib/messages/format-body";
import { cn } from "@/lib/utils";
import type { ConversationMessage } from "./conversation-types";
import { hasContent, MessageContent, type ContentMessage } from "./message-content";

type Quoted = NonNullable<ConversationMessage["quotedMsg"]>;

/** A short text for a quoted message: its body, else the kind of media it was. */
export function useQuotedText() {
  const t = useTranslations("tickets.conversation.media");
  return (q: Pick<Quoted, "body" | "mediaType">): string => {
    if (q.mediaType === "locationMessage") return t("locationMessage");
    if (q.mediaType === "vcard") return t("vcard");
    if (q.body.trim()) return plainBody(q.body);
    return q.mediaType && t.has(q.mediaType) ? t(q.mediaType) : t("other");
  };
}

/**
 * A quoted message's content as its bubble shows it (MessageContent), else the kind of media it
 * was (a quote carries no file); clipped to a few lines.
 */
export function QuotedContent({ message }: { message: ContentMessage }) {
  const text = useQuotedText();
  if (!hasContent(message)) return <span className="line-clamp-2 italic">{text(message)}</span>;
  const card = message.mediaType === "locationMessage" || message.mediaType === "vcard";
  return (
    <div className={cn("break-words text-muted-foreground", card ? "max-h-40 overflow-hidden" : "line-clamp-3")}>
      <MessageContent message={message} />
    </div>
  );
}

/**
 * The replied-to message inside a bubble; a click scrolls to it when it is loaded. The button lies
 * under the content, so the content's own links stay links (a link inside a button is invalid).
 */
export function QuotedMessage({ quoted, contactName, onJump }: { quoted: Quoted; contactName: string; onJump: (id: number) => void }) {
  const t = useTranslations("tickets.conversation");
  const text = useQuotedText();
  const name = quoted.fromMe ? t("you") : contactName;
  return (
    <div
      className={cn(
        "relative mb-1 min-w-40 rounded-md border-l-4 bg-black/5 px-2 py-1 text-xs transition-colors hover:bg-black/10 dark:bg-white/5 dark:hover:bg-white/10",
        quoted.fromMe ? "border-primary" : "border-sky-500",
      )}
      data-testid="quoted-message"
    >
      <button
        type="button"
        onClick={() => onJump(quoted.id)}
        className="absolute inset-0 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        aria-label={`${name}: ${text(quoted)}`}
      />
      <div className="pointer-events-none relative [&_a]:pointer-events-auto">
        <span className={cn("block font-semibold", quoted.fromMe ? "text-primary" : "text-sky-600 dark:text-sky-400")}>{name}</span>
        <QuotedContent message={quoted} />
      </div>
    </div>
  );
}
