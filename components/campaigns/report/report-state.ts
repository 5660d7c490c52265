import type { CampaignReport } from "@/lib/campaigns/dispatch/report";

/** What the report page shows of a campaign (admin.md §2.7); dates as ISO strings. */
export type ReportCampaign = {
  id: number;
  name: string;
  status: string;
  confirmation: boolean;
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappName: string | null;
  contactListName: string | null;
  report: CampaignReport;
};

type Row = {
  id: number;
  name: string;
  status: string;
  confirmation: boolean;
  scheduledAt: Date | string | null;
  completedAt: Date | string | null;
  whatsapp: { name: string } | null;
  contactList: { name: string } | null;
};

/** `campaign` events on the company's admin channel (create/update from the API, progress from the dispatcher). */
export type CampaignEvent =
  | { action: "progress"; campaignId: number; status: string; completedAt: string | null; report: CampaignReport }
  | { action: "create" | "update"; record: Row }
  | { action: "delete"; id: number };

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A CampaignRow (lib/campaigns/campaign-view) and its figures, as the report shows them. */
export function toReportCampaign(row: Row, report: CampaignReport): ReportCampaign {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    confirmation: row.confirmation,
    scheduledAt: iso(row.scheduledAt),
    completedAt: iso(row.completedAt),
    whatsappName: row.whatsapp?.name ?? null,
    contactListName: row.contactList?.name ?? null,
    report,
  };
}

/** The campaign after an event: unchanged for another campaign's event, "deleted" when it was deleted. */
export function applyCampaignEvent(c: ReportCampaign, e: CampaignEvent): ReportCampaign | "deleted" {
  if (e.action === "delete") return e.id === c.id ? "deleted" : c;
  if (e.action === "progress") {
    if (e.campaignId !== c.id) return c;
    return { ...c, status: e.status, completedAt: e.completedAt, report: e.report };
  }
  if (e.record.id !== c.id) return c;
  // an edit carries no figures: the report keeps the last ones
  return { ...toReportCampaign(e.record, c.report) };
}

/** Delivered of valid, in percent (0 before anyone is valid). */
export function progressPercent(r: CampaignReport): number {
  if (r.valid <= 0) return 0;
  return Math.min(100, Math.round((r.delivered / r.valid) * 100));
}

/** admin.md §9: the report reloads this long after a live update saying FINALIZADA. */
export const RELOAD_AFTER_FINISH_MS = 5000;
