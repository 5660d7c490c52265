/** The plan's seven feature flags (spec admin §1). No server imports: the browser uses it too. */
export const PLAN_FLAGS = [
  "useCampaigns",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** What a company may use: its plan's flags, and the stored campaigns flag (setting campaignsEnabled). */
export type Features = Record<PlanFlag, boolean> & { campaignsEnabled: boolean };

/** A plan flag, or "campaigns": spec admin §2.1, §6, open when the plan has useCampaigns or campaignsEnabled is set. */
export type Gate = PlanFlag | "campaigns";

/** The one rule pages, menu and API routes ask. */
export function hasGate(features: Features, gate: Gate): boolean {
  if (gate === "campaigns") return features.useCampaigns || features.campaignsEnabled;
  return features[gate];
}

/** The features of a row that selected the seven flags and campaignsEnabled under their own names. */
export function featuresOf(row: Features): Features {
  return {
    useCampaigns: row.useCampaigns,
    useKanban: row.useKanban,
    useOpenAi: row.useOpenAi,
    useIntegrations: row.useIntegrations,
    useSchedules: row.useSchedules,
    useInternalChat: row.useInternalChat,
    useExternalApi: row.useExternalApi,
    campaignsEnabled: row.campaignsEnabled,
  };
}
