"use client";

import { CheckCircle2, Hourglass, MessagesSquare, Timer, UserPlus, Clock3, type LucideIcon } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import type { DashboardCounters } from "@/lib/dashboard/counters";
import { cn } from "@/lib/utils";
import { formatDuration } from "./format";

type Card = { key: keyof DashboardCounters; icon: LucideIcon; tone: string; time?: boolean };

// spec core §2 Dashboard: the six cards, in the spec's order
const CARDS: Card[] = [
  { key: "supportHappening", icon: MessagesSquare, tone: "bg-info/15 text-info" },
  { key: "supportPending", icon: Hourglass, tone: "bg-warning/20 text-warning-foreground dark:text-warning" },
  { key: "supportFinished", icon: CheckCircle2, tone: "bg-success/15 text-success" },
  { key: "newContacts", icon: UserPlus, tone: "bg-primary/15 text-primary" },
  { key: "avgSupportTime", icon: Timer, tone: "bg-accent text-accent-foreground", time: true },
  { key: "avgWaitTime", icon: Clock3, tone: "bg-destructive/10 text-destructive", time: true },
];

/** The six counters of the period; `loading` dims them while a new filter is on its way. */
export function CounterCards({ counters, loading }: { counters: DashboardCounters; loading: boolean }) {
  const t = useTranslations("dashboard.counters");
  const locale = useLocale();
  return (
    <div className={cn("grid gap-4 sm:grid-cols-2 xl:grid-cols-3", loading && "opacity-60 transition-opacity")} data-testid="dashboard-counters">
      {CARDS.map(({ key, icon: Icon, tone, time }) => {
        const value = counters[key];
        return (
          <div key={key} className="flex items-center gap-4 rounded-xl border bg-card p-5 shadow-xs" data-testid={`counter-${key}`} title={t(`help.${key}`)}>
            <span className={cn("flex size-12 shrink-0 items-center justify-center rounded-full", tone)}>
              <Icon className="size-6" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm text-muted-foreground">{t(key)}</p>
              <p className="text-2xl font-semibold tabular-nums" data-testid={`counter-${key}-value`}>
                {time ? formatDuration(value, locale) : new Intl.NumberFormat(locale).format(value ?? 0)}
              </p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
