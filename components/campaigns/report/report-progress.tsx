"use client";

import { useFormatter, useTranslations } from "next-intl";
import { AwaitingConfirmation, CampaignStatusBadge } from "@/components/campaigns/campaign-status-badge";
import { progressPercent, type ReportCampaign } from "./report-state";

/** "14:05", or "30/11 14:05" when it is not today */
function untilText(format: ReturnType<typeof useFormatter>, iso: string) {
  const until = new Date(iso);
  const today = until.toDateString() === new Date().toDateString();
  return format.dateTime(until, today ? { hour: "2-digit", minute: "2-digit" } : { day: "2-digit", month: "2-digit", hour: "2-digit", minute: "2-digit" });
}

/** The progress bar (delivered of valid), the status line, and why sending waits (a real number's limits). */
export function ReportProgress({ campaign }: { campaign: ReportCampaign }) {
  const t = useTranslations("campaignReport");
  const format = useFormatter();
  const { report, status } = campaign;
  const percent = progressPercent(report);
  return (
    <div className="space-y-3 rounded-xl border bg-card p-5 shadow-xs">
      <div
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-testid="campaign-report-progress"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-muted-foreground">{t("status")}</span>
        <span data-testid="campaign-report-status" data-status={status}>
          <CampaignStatusBadge status={status} />
        </span>
        <span className="tabular-nums" data-testid="campaign-report-delivered-of-valid">
          {t("deliveredOfValid", { delivered: format.number(report.delivered), valid: format.number(report.valid) })}
        </span>
        <AwaitingConfirmation count={report.awaitingConfirmation} testId="campaign-report-awaiting" />
        <span className="ml-auto tabular-nums text-muted-foreground">{percent}%</span>
      </div>
      {report.pause && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200" role="status" data-testid="campaign-report-paused" data-reason={report.pause.reason}>
          {t(`paused.${report.pause.reason}`, { until: untilText(format, report.pause.until) })}
        </p>
      )}
    </div>
  );
}
