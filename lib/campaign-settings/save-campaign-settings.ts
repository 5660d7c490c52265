import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { campaignSettings } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { getCampaignSettings, type CampaignSettings } from "./campaign-settings";
import type { SaveCampaignSettingsInput } from "./schemas";

/**
 * POST /campaign-settings: each given setting upserted on (company, key) as JSON text, all in one
 * statement (one transaction); answers the settings as they now read.
 */
export async function saveCampaignSettings(db: Db, ctx: TenantContext, input: SaveCampaignSettingsInput): Promise<CampaignSettings> {
  const rows = Object.entries(input.settings)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ companyId: ctx.companyId, key, value: JSON.stringify(value) }));
  if (rows.length > 0) {
    await db
      .insert(campaignSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [campaignSettings.companyId, campaignSettings.key],
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
  }
  return getCampaignSettings(db, ctx.companyId);
}
