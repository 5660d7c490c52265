import type { DbOrTx } from "@/db";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { settingsToList } from "./company-settings";
import { getCompanySettings } from "./get-company-settings";
import { listMaskedSecrets } from "./secret-settings";

/**
 * GET /settings: every known setting of the company as `[{ key, value }]`, defaults for keys never
 * stored. Secret keys (the payment token) only for admins, masked; other users never see them
 * (the Options tab they may read does not need them). Stored keys the registry does not know are
 * not shown.
 */
export async function listSettings(db: DbOrTx, ctx: Pick<TenantContext, "companyId" | "profile" | "super">) {
  const [known, secrets] = await Promise.all([
    getCompanySettings(db, ctx.companyId),
    isAdmin(ctx) || ctx.super ? listMaskedSecrets(db, ctx.companyId) : [],
  ]);
  return [...settingsToList(known), ...secrets];
}
