"use client";

import { Ban, Paperclip } from "lucide-react";
import { useTranslations } from "next-intl";
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

/** One bubble of the peek: the text as plain text (never HTML), media shown simply. */
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
          <>
            {m.mediaUrl && <Media type={m.mediaType} url={m.mediaUrl} label={t("download")} />}
            {m.body && <p className="break-words whitespace-pre-wrap">{m.body}</p>}
          </>
        )}
        <p className="mt-1 text-right text-[11px] text-muted-foreground tabular-nums">{formatMessageTime(m.createdAt)}</p>
      </div>
    </div>
  );
}

function Media({ type, url, label }: { type: string | null; url: string; label: string }) {
  if (type === "image") {
    // eslint-disable-next-line @next/next/no-img-element -- an authenticated file of our API, not an optimisable asset
    return <img src={url} alt="" className="mb-1 max-h-60 rounded-lg object-contain" />;
  }
  if (type === "audio") return <audio controls src={url} className="mb-1 max-w-full" />;
  if (type === "video") return <video controls src={url} className="mb-1 max-h-60 rounded-lg" />;
  return (
    <a href={url} target="_blank" rel="noreferrer" className="mb-1 inline-flex items-center gap-1.5 text-primary underline-offset-4 hover:underline">
      <Paperclip className="size-4" aria-hidden />
      {label}
    </a>
  );
}
