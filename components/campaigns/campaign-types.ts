import type { CampaignRow as ServerRow } from "@/lib/campaigns/campaign-view";
import type { CampaignReport } from "@/lib/campaigns/dispatch/report";

/** A campaign as the browser gets it (dates as ISO text). */
export type CampaignRow = Omit<ServerRow, "scheduledAt" | "completedAt" | "createdAt" | "updatedAt"> & {
  scheduledAt: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** `campaign` events: the list's own (create, update, delete) and the dispatcher's progress. */
export type CampaignEvent =
  | { action: "create" | "update"; record: CampaignRow }
  | { action: "delete"; id: number }
  | { action: "progress"; campaignId: number; status: string; completedAt: string | null; report?: CampaignReport };

/** The server's row as the browser reads it (what the page passes from its first render). */
export const toClientRow = (r: ServerRow): CampaignRow => ({
  ...r,
  scheduledAt: r.scheduledAt ? r.scheduledAt.toISOString() : null,
  completedAt: r.completedAt ? r.completedAt.toISOString() : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
