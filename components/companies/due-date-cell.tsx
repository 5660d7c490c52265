"use client";

import { useTranslations } from "next-intl";
import { daysUntilDue } from "@/lib/companies/due-date";
import { formatDayBr } from "@/lib/dates/today";
import type { CompanyRow } from "./company-types";

/** Days from today (the company's timezone) to its due date, or null when it has none. */
export const daysLeft = (c: Pick<CompanyRow, "dueDate" | "timezone" | "isOwner">) => (c.dueDate && !c.isOwner ? daysUntilDue(c.dueDate, c.timezone) : null);

/** The due date (DD/MM/YYYY) with how far it is; the owner's company and undated ones have none. */
export function DueDateCell({ company }: { company: CompanyRow }) {
  const t = useTranslations("companies");
  const days = daysLeft(company);
  if (days === null || !company.dueDate) return <span className="text-muted-foreground">{t("noDueDate")}</span>;
  const relative = days === 0 ? t("due.today") : days > 0 ? t("due.in", { days }) : t("due.ago", { days: -days });
  return (
    <div className="leading-tight">
      <div className="tabular-nums" data-testid="company-due-date">
        {formatDayBr(company.dueDate)}
      </div>
      <div className="text-xs text-muted-foreground">{relative}</div>
    </div>
  );
}
