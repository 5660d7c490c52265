"use client";

import { Check, ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

export type Option = { id: number; name: string; color?: string };

type Props = {
  label: string;
  icon: React.ReactNode;
  options: Option[];
  selected: number[];
  onChange: (ids: number[]) => void;
  /** what the button says when all (or none, for filters that start empty) are chosen */
  summary: string;
  emptyText: string;
  testId: string;
  /** at least one option stays chosen (no "none" button, the last one cannot be unticked) */
  required?: boolean;
  className?: string;
};

/** A compact multi-select (queues, tags, users): a button with a count, a list of check rows. */
export function MultiSelect({ label, icon, options, selected, onChange, summary, emptyText, testId, required, className }: Props) {
  const t = useTranslations("tickets.list.filters");
  const toggle = (id: number) => {
    const next = selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id];
    if (!required || next.length) onChange(next);
  };
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" className={cn("min-w-0 justify-between font-normal", className)} aria-label={label} data-testid={testId}>
          <span className="flex min-w-0 items-center gap-1.5">
            {icon}
            <span className="truncate">{summary}</span>
          </span>
          <ChevronDown className="opacity-60" aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-64 p-0">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <span className="text-sm font-medium">{label}</span>
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => onChange(options.map((o) => o.id))}>
              {t("all")}
            </Button>
            {!required && (
              <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={() => onChange([])}>
                {t("none")}
              </Button>
            )}
          </div>
        </div>
        <div className="max-h-64 overflow-y-auto p-1" role="listbox" aria-multiselectable aria-label={label}>
          {options.length === 0 && <p className="px-3 py-6 text-center text-sm text-muted-foreground">{emptyText}</p>}
          {options.map((o) => {
            const on = selected.includes(o.id);
            return (
              <button
                key={o.id}
                type="button"
                role="option"
                aria-selected={on}
                onClick={() => toggle(o.id)}
                className="flex w-full items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm outline-none hover:bg-accent hover:text-accent-foreground focus-visible:bg-accent"
                data-testid={`${testId}-option`}
              >
                <span
                  className={cn(
                    "flex size-4 shrink-0 items-center justify-center rounded-[4px] border",
                    on ? "border-primary bg-primary text-primary-foreground" : "border-input",
                  )}
                  aria-hidden
                >
                  {on && <Check className="size-3" />}
                </span>
                {o.color !== undefined && <span className="size-2.5 shrink-0 rounded-full" style={{ background: o.color || "var(--muted-foreground)" }} aria-hidden />}
                <span className="truncate">{o.name}</span>
              </button>
            );
          })}
        </div>
      </PopoverContent>
    </Popover>
  );
}
