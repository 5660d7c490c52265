import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaignSettings } from "@/db/schema";

/** admin.md §9: the interval choices (seconds) of /campaigns-config. */
export const MESSAGE_INTERVALS = [0, 5, 10, 15, 20] as const;
export const LONGER_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

export type CampaignVariable = { key: string; value: string };

export type CampaignSettings = {
  /** seconds between two messages */
  messageInterval: number;
  /** after this many messages, wait `greaterInterval` instead (0: never) */
  longerIntervalAfter: number;
  greaterInterval: number;
  /** custom `{key}` placeholders of the campaign messages */
  variables: CampaignVariable[];
};

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60, variables: [] };

const NUMBER_KEYS = ["messageInterval", "longerIntervalAfter", "greaterInterval"] as const;

/**
 * Stored rows (one per key, the value as JSON text) to settings: a key never stored, or holding a
 * value it may not take, reads as its default.
 */
export function campaignSettingsFromRows(rows: { key: string; value: string }[]): CampaignSettings {
  const out: CampaignSettings = { ...DEFAULT_CAMPAIGN_SETTINGS, variables: [] };
  for (const { key, value } of rows) {
    const parsed = parseJson(value);
    if ((NUMBER_KEYS as readonly string[]).includes(key)) {
      const n = typeof parsed === "number" ? parsed : Number(parsed);
      const allowed: readonly number[] = key === "messageInterval" ? MESSAGE_INTERVALS : LONGER_INTERVALS;
      if (allowed.includes(n)) out[key as (typeof NUMBER_KEYS)[number]] = n;
    } else if (key === "variables" && Array.isArray(parsed)) {
      out.variables = parsed
        .filter((v): v is CampaignVariable => typeof v?.key === "string" && typeof v?.value === "string" && v.key.trim() !== "")
        .map((v) => ({ key: v.key, value: v.value }));
    }
  }
  return out;
}

/** A company's campaign settings (defaults 20 / 20 / 60 and no variables until saved). */
export async function getCampaignSettings(db: DbOrTx, companyId: number): Promise<CampaignSettings> {
  const rows = await db
    .select({ key: campaignSettings.key, value: campaignSettings.value })
    .from(campaignSettings)
    .where(eq(campaignSettings.companyId, companyId));
  return campaignSettingsFromRows(rows);
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
