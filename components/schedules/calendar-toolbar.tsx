"use client";

import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ToolbarProps } from "react-big-calendar";
import { Button } from "@/components/ui/button";
import type { CalendarView } from "@/lib/schedules/calendar";
import { cn } from "@/lib/utils";
import type { CalendarEvent } from "./schedule-event";

const VIEWS: CalendarView[] = ["month", "week", "day"];

/** The calendar's own toolbar in the app's look: today, previous/next, the period, the views. */
export function CalendarToolbar({ label, onNavigate, onView, view, localizer: { messages } }: ToolbarProps<CalendarEvent>) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-3" data-testid="schedules-toolbar">
      <div className="flex items-center gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onNavigate("TODAY")} data-testid="calendar-today">
          {messages.today}
        </Button>
        <div className="flex">
          <Button type="button" variant="ghost" size="icon" className="size-8" onClick={() => onNavigate("PREV")} aria-label={String(messages.previous)} title={String(messages.previous)} data-testid="calendar-prev">
            <ChevronLeft aria-hidden />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-8" onClick={() => onNavigate("NEXT")} aria-label={String(messages.next)} title={String(messages.next)} data-testid="calendar-next">
            <ChevronRight aria-hidden />
          </Button>
        </div>
        <h2 className="text-base font-semibold first-letter:uppercase" data-testid="calendar-label">
          {label}
        </h2>
      </div>
      <div className="inline-flex rounded-md border bg-muted/50 p-0.5" role="group">
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            onClick={() => onView(v)}
            aria-pressed={view === v}
            className={cn(
              "rounded-[5px] px-3 py-1 text-xs font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring",
              view === v && "bg-background text-foreground shadow-xs dark:bg-input/40",
            )}
            data-testid={`calendar-view-${v}`}
          >
            {messages[v]}
          </button>
        ))}
      </div>
    </div>
  );
}
