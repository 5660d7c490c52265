"use client";

import { Paperclip, Zap } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import type { QuickSuggestion } from "./quick-answer-match";

type Props = { suggestions: QuickSuggestion[]; active: number; onChoose: (s: QuickSuggestion) => void; onHover: (i: number) => void };

/** The "/" suggestions above the input; arrows move, Enter or a click chooses. */
export function QuickAnswers({ suggestions, active, onChoose, onHover }: Props) {
  const t = useTranslations("tickets.conversation");
  return (
    <div className="absolute inset-x-2 bottom-full z-20 mb-2 overflow-hidden rounded-lg border bg-popover text-popover-foreground shadow-lg sm:inset-x-4">
      <p className="flex items-center gap-1.5 border-b px-3 py-1.5 text-xs font-medium text-muted-foreground">
        <Zap className="size-3.5" aria-hidden />
        {t("quickAnswers")}
      </p>
      <ul role="listbox" aria-label={t("quickAnswers")} className="max-h-56 overflow-y-auto py-1" data-testid="quick-answers">
        {suggestions.map((s, i) => (
          <li key={s.id} role="option" aria-selected={i === active}>
            <button
              type="button"
              // keep the textarea focused: choosing must not blur it
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onChoose(s)}
              onMouseEnter={() => onHover(i)}
              className={cn("flex w-full items-center gap-2 px-3 py-1.5 text-left text-sm", i === active && "bg-accent text-accent-foreground")}
            >
              <span className="shrink-0 font-semibold text-primary">/{s.shortcode}</span>
              <span className="min-w-0 truncate text-muted-foreground">{s.label}</span>
              {s.row.mediaUrl && <Paperclip className="ml-auto size-3.5 shrink-0 text-muted-foreground" aria-label={t("withFile")} />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
