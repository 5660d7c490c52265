"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useRealtimeCatchUp, useRealtimeEvent } from "@/components/realtime/use-realtime";
import { PageHeader } from "@/components/shell/page-header";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { ReportCards } from "./report-cards";
import { ReportProgress } from "./report-progress";
import { applyCampaignEvent, RELOAD_AFTER_FINISH_MS, type CampaignEvent, type ReportCampaign } from "./report-state";

/**
 * The campaign report (admin.md §2.7): progress, status and cards, updated live from the
 * dispatcher's `campaign` progress events; 5 s after a live FINALIZADA the page reloads its data.
 */
export function CampaignReport({ companyId, initial }: { companyId: number; initial: ReportCampaign }) {
  const t = useTranslations("campaignReport");
  const router = useRouter();
  // server data (first render, and each refresh) replaces what the events built
  const [state, setState] = useState({ from: initial, campaign: initial as ReportCampaign | "deleted", finishedLive: false });
  if (state.from !== initial) setState({ from: initial, campaign: initial, finishedLive: false });

  useRealtimeEvent<CampaignEvent>(channels.admins(companyId), EVENTS.campaign, (e) =>
    setState((s) => {
      if (s.campaign === "deleted") return s;
      const next = applyCampaignEvent(s.campaign, e);
      if (next === s.campaign) return s;
      const finished = next !== "deleted" && next.status === "FINALIZADA" && s.campaign.status !== "FINALIZADA";
      return { ...s, campaign: next, finishedLive: s.finishedLive || finished };
    }),
  );
  // events missed before the subscription (or during a reconnect): the server's data again
  useRealtimeCatchUp([channels.admins(companyId)], () => router.refresh(), { serverData: true });

  const { finishedLive } = state;
  useEffect(() => {
    if (!finishedLive) return;
    const timer = setTimeout(() => router.refresh(), RELOAD_AFTER_FINISH_MS);
    return () => clearTimeout(timer);
  }, [finishedLive, router]);

  if (state.campaign === "deleted") {
    return (
      <div className="mx-auto max-w-5xl">
        <PageHeader title={t("title", { name: initial.name })} />
        <p className="text-muted-foreground" data-testid="campaign-report-deleted">
          {t("deleted")}
        </p>
      </div>
    );
  }
  const c = state.campaign;
  return (
    <div className="mx-auto max-w-5xl space-y-6" data-testid="campaign-report" data-status={c.status}>
      <PageHeader title={t("title", { name: c.name })} />
      <ReportProgress campaign={c} />
      <ReportCards campaign={c} />
    </div>
  );
}
