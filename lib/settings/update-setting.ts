import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { settings } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publishSetting } from "./publish-settings";
import { settingValueSchema } from "./schemas";
import { isSecretSettingKey, updateSecretSetting } from "./secret-settings";
import { isSettingKey, SETTING_OPTIONS, type SettingKey } from "./setting-keys";

/**
 * PUT /settings/{key} (admins; the route checks the role): one setting saved on its own. Only known
 * keys (else ERR_NO_SETTING_FOUND) and their values (else 400); a company missing the row gets it.
 * Secret keys (the payment token) are sealed and answered masked (secret-settings.ts).
 */
export async function updateSetting(db: DbOrTx, ctx: TenantContext, key: string, value: string) {
  if (isSecretSettingKey(key)) return updateSecretSetting(db, ctx, key, value);
  if (!isSettingKey(key)) throw new AppError("ERR_NO_SETTING_FOUND", 404);
  // the campaigns menu accepts this flag in place of the plan's useCampaigns: only the platform's
  // owner may grant it, or any admin could open a feature their plan does not include
  if (key === "campaignsEnabled" && !ctx.super) throw new AppError("ERR_NO_PERMISSION", 403);
  settingValueSchema(SETTING_OPTIONS[key]).parse({ value });
  const [row] = await db
    .insert(settings)
    .values({ companyId: ctx.companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value, updatedAt: sql`now()` } })
    .returning({ key: settings.key, value: settings.value });
  const setting = { key: row.key as SettingKey, value: row.value };
  await publishSetting(ctx.companyId, setting);
  return setting;
}
