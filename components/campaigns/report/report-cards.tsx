"use client";

import { CalendarClock, CheckCheck, CircleCheck, ListChecks, MessageCircleQuestion, Send, Smartphone, Users, type LucideIcon } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/lib/utils";
import type { ReportCampaign } from "./report-state";

/** `note`: a line under the value (the answers still awaited) */
type Card = { key: string; icon: LucideIcon; tone: string; value: string; text?: boolean; note?: string };

/**
 * The cards of admin.md §2.7; the confirmation cards only when the campaign asks for confirmation,
 * with the answers still awaited (issue 34 §2.3: a Finalizada campaign may still be waiting).
 */
export function ReportCards({ campaign: c }: { campaign: ReportCampaign }) {
  const t = useTranslations("campaignReport");
  const format = useFormatter();
  const n = (v: number) => format.number(v);
  const when = (d: string | null, empty: string) => (d ? format.dateTime(new Date(d), { dateStyle: "short", timeStyle: "short" }) : empty);
  const cards: Card[] = [
    { key: "validContacts", icon: Users, tone: "bg-primary/15 text-primary", value: n(c.report.valid) },
    ...(c.confirmation
      ? [
          {
            key: "confirmationRequested",
            icon: MessageCircleQuestion,
            tone: "bg-warning/20 text-warning-foreground dark:text-warning",
            value: n(c.report.confirmationRequested),
            note: c.report.awaitingConfirmation > 0 ? t("awaitingAnswers", { count: c.report.awaitingConfirmation }) : undefined,
          },
          { key: "confirmed", icon: CheckCheck, tone: "bg-info/15 text-info", value: n(c.report.confirmed) },
        ]
      : []),
    { key: "delivered", icon: Send, tone: "bg-success/15 text-success", value: n(c.report.delivered) },
    { key: "connection", icon: Smartphone, tone: "bg-accent text-accent-foreground", value: c.whatsappName ?? t("notDefinedF"), text: true },
    { key: "contactList", icon: ListChecks, tone: "bg-accent text-accent-foreground", value: c.contactListName ?? t("notDefinedF"), text: true },
    { key: "scheduledAt", icon: CalendarClock, tone: "bg-accent text-accent-foreground", value: when(c.scheduledAt, t("noSchedule")), text: true },
    { key: "completedAt", icon: CircleCheck, tone: "bg-accent text-accent-foreground", value: when(c.completedAt, t("notCompleted")), text: true },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="campaign-report-cards">
      {cards.map(({ key, icon: Icon, tone, value, text, note }) => (
        <div key={key} className="flex items-center gap-4 rounded-xl border bg-card p-5 shadow-xs" data-testid={`campaign-report-${key}`}>
          <span className={cn("flex size-11 shrink-0 items-center justify-center rounded-full", tone)}>
            <Icon className="size-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm text-muted-foreground">{t(`cards.${key}`)}</p>
            {/* names and dates wrap instead of being cut; counts stay large */}
            <p className={cn("font-semibold tabular-nums", text ? "text-base break-words" : "text-2xl")} data-testid={`campaign-report-${key}-value`}>
              {value}
            </p>
            {note && (
              <p className="text-xs text-muted-foreground" data-testid={`campaign-report-${key}-note`}>
                {note}
              </p>
            )}
          </div>
        </div>
      ))}
    </div>
  );
}
