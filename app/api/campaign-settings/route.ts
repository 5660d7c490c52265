import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getCampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { saveCampaignSettings } from "@/lib/campaign-settings/save-campaign-settings";
import { saveCampaignSettingsSchema } from "@/lib/campaign-settings/schemas";

// GET /api/campaign-settings — the settings object `{ messageInterval, longerIntervalAfter,
// greaterInterval, variables: [{ key, value }] }` (defaults 20 / 20 / 60 and no variables until
// saved), not the spec's raw key/value rows: every reader wants the parsed values.
export const GET = route({ access: "admin" }, async ({ ctx }) => getCampaignSettings(getDb(), ctx.companyId));

// POST /api/campaign-settings — `{ settings: {...} }`: allowed intervals only, variable keys unique;
// answers the saved settings.
export const POST = route({ access: "admin", body: saveCampaignSettingsSchema }, async ({ ctx, body }) =>
  saveCampaignSettings(getDb(), ctx, body),
);
