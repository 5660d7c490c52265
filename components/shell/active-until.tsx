"use client";

import { CalendarCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { lastActiveDay } from "@/lib/companies/due-date";
import { formatDayBr } from "@/lib/dates/today";

/**
 * The top bar's "Active until" (spec core §2). The due date itself is already expired (core §4:
 * it must be in the future), so the last active day is the one before it, as login, the warning
 * toast's day count and every request judge it (lib/companies/due-date.ts). It leads to
 * /subscription, where the admin renews (the menu has no entry for it).
 */
export function ActiveUntil({ dueDate }: { dueDate: string }) {
  const t = useTranslations("shell");
  return (
    <Badge variant="secondary" className="hidden gap-1.5 hover:bg-secondary/70 md:inline-flex" data-testid="active-until" asChild>
      <Link href="/subscription">
        <CalendarCheck className="size-3.5" aria-hidden />
        {t("activeUntil", { date: formatDayBr(lastActiveDay(dueDate)) })}
      </Link>
    </Badge>
  );
}
