"use client";

import { AlertCircle, Check, CheckCheck, Clock } from "lucide-react";
import { useTranslations } from "next-intl";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import type { ConversationMessage } from "./conversation-types";
import { useFailureReason } from "./message-failure";
import { deliveryState } from "./message-rows";

/** The delivery ticks of an own message; a failed send shows why in a tooltip. */
export function MessageTicks({ message }: { message: Pick<ConversationMessage, "ack" | "sendStatus" | "sendError"> }) {
  const t = useTranslations("tickets.conversation.ack");
  const reason = useFailureReason();
  const state = deliveryState(message);
  if (state === "failed") {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <button type="button" className="inline-flex text-destructive" aria-label={t("failed")} data-testid="message-failed">
            <AlertCircle className="size-3.5" aria-hidden />
          </button>
        </TooltipTrigger>
        <TooltipContent>{reason(message.sendError)}</TooltipContent>
      </Tooltip>
    );
  }
  const Icon = state === "pending" ? Clock : state === "sent" ? Check : CheckCheck;
  return (
    <span role="img" aria-label={t(state)} title={t(state)} data-ack={state} className="inline-flex">
      <Icon className={state === "read" ? "size-3.5 text-sky-500" : "size-3.5"} aria-hidden />
    </span>
  );
}
