"use client";

import { PhoneMissed, VideoOff } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ConversationMessage } from "./conversation-types";
import { dayLabel, timeLabel } from "./message-rows";

/** The dd/MM/yyyy pill between days; it sticks to the top while its day scrolls by. */
export function DaySeparator({ label }: { label: string }) {
  return (
    <div className="sticky top-2 z-10 my-3 flex justify-center" data-testid="day-separator">
      <span className="rounded-full bg-card px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs ring-1 ring-border">{label}</span>
    </div>
  );
}

/** Where an earlier ticket of the contact ended and the next one started. */
export function TicketNotice({ kind, at }: { kind: "ended" | "started"; at: string }) {
  const t = useTranslations("tickets.conversation");
  return (
    <div className="my-3 flex items-center gap-3 px-6" data-testid={`notice-${kind}`}>
      <span className="h-px flex-1 bg-border" />
      <span className={kind === "ended" ? "text-xs font-medium text-destructive/80" : "text-xs font-medium text-primary"}>
        {t(kind === "ended" ? "conversationEnded" : "conversationStarted", { date: dayLabel(at), time: timeLabel(at) })}
      </span>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}

/** A missed voice or video call (mediaType call_log; the body says "video" for video calls). */
export function CallLine({ message }: { message: Pick<ConversationMessage, "id" | "body" | "mediaType" | "createdAt"> }) {
  const t = useTranslations("tickets.conversation");
  const video = message.body.trim().toLowerCase() === "video";
  const Icon = video ? VideoOff : PhoneMissed;
  return (
    <div id={`message-${message.id}`} className="my-2 flex justify-center" data-testid="call-line">
      <span className="inline-flex items-center gap-2 rounded-full bg-destructive/10 px-3 py-1 text-xs font-medium text-destructive">
        <Icon className="size-3.5" aria-hidden />
        {t(video ? "missedVideoCall" : "missedVoiceCall", { time: timeLabel(message.createdAt) })}
      </span>
    </div>
  );
}
