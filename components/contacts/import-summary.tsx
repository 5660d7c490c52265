"use client";

import { useTranslations } from "next-intl";
import type { ImportSummary } from "@/lib/contacts/import-contacts";
import { cn } from "@/lib/utils";

/** How an import went: counts, then the refused rows with why (spreadsheet row numbers). */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  const t = useTranslations("contacts.import");
  const stats = [
    { key: "created", value: summary.created, tone: "text-success" },
    { key: "updated", value: summary.updated, tone: "text-primary" },
    { key: "refused", value: summary.refusedCount, tone: summary.refusedCount ? "text-destructive" : "text-muted-foreground" },
    { key: "total", value: summary.total, tone: "text-foreground" },
  ] as const;
  const more = summary.refusedCount - summary.refused.length;
  return (
    <div className="space-y-4" data-testid="import-summary">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {stats.map((s) => (
          <div key={s.key} className="rounded-lg border bg-muted/30 px-3 py-2.5">
            <dt className="text-xs text-muted-foreground">{t(s.key)}</dt>
            <dd className={cn("text-2xl font-semibold tabular-nums", s.tone)} data-testid={`import-${s.key}`}>
              {s.value.toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      {summary.refused.length > 0 && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-muted-foreground">{t("refusedList")}</h3>
          <ul className="max-h-48 divide-y overflow-y-auto rounded-lg border text-sm" data-testid="import-refused-list">
            {summary.refused.map((r) => (
              <li key={r.row} className="flex items-center justify-between gap-3 px-3 py-1.5">
                <span className="text-muted-foreground tabular-nums">{t("row", { row: r.row })}</span>
                <span className="text-right">{t.has(`reasons.${r.reason}`) ? t(`reasons.${r.reason}`) : r.reason}</span>
              </li>
            ))}
          </ul>
          {more > 0 && <p className="text-xs text-muted-foreground">{t("moreRefused", { count: more })}</p>}
        </div>
      )}
    </div>
  );
}
