"use client";

import { TriangleAlert } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";

/** A warning beside a prompt whose last bot turn failed: the reason and when, on hover or focus. */
export function LastErrorIcon({ error, at }: { error: string; at: string | null }) {
  const t = useTranslations("prompts.table");
  const format = useFormatter();
  const label = t("lastError", { date: at ? format.dateTime(new Date(at), { dateStyle: "short", timeStyle: "short" }) : "", error });
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="img"
          aria-label={label}
          tabIndex={0}
          data-testid="prompt-last-error"
          className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-warning text-warning-foreground"
        >
          <TriangleAlert className="size-3.5" aria-hidden />
        </span>
      </TooltipTrigger>
      <TooltipContent className="max-w-xs break-words">{label}</TooltipContent>
    </Tooltip>
  );
}
