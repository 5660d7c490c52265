"use client";

import { CircleCheck, CircleHelp, PhoneOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { cn } from "@/lib/utils";

/**
 * WhatsApp validity of a list item (spec admin §2.7: green valid, grey invalid). Not checked yet is
 * grey too, told apart by its question mark on a dashed ring, where an invalid number is a crossed
 * phone on a filled grey disc; never red (nothing went wrong).
 */
export function ValidityIcon({ valid }: { valid: boolean | null }) {
  const t = useTranslations("contactLists.items.validity");
  const state = valid === true ? "valid" : valid === false ? "invalid" : "unknown";
  const Icon = state === "valid" ? CircleCheck : state === "invalid" ? PhoneOff : CircleHelp;
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <span
          role="img"
          aria-label={t(state)}
          tabIndex={0}
          data-testid="item-validity"
          data-state={state}
          className={cn(
            "inline-flex size-7 items-center justify-center rounded-full",
            state === "valid" && "bg-success/10 text-success",
            state === "invalid" && "bg-muted text-muted-foreground",
            state === "unknown" && "border border-dashed border-muted-foreground/50 text-muted-foreground/80",
          )}
        >
          <Icon className="size-4" aria-hidden />
        </span>
      </TooltipTrigger>
      <TooltipContent>{t(state)}</TooltipContent>
    </Tooltip>
  );
}
