import type { DbOrTx } from "@/db";
import { settingsToList } from "./company-settings";
import { getCompanySettings } from "./get-company-settings";

/**
 * GET /settings: every known setting of the company as `[{ key, value }]`, defaults for keys never
 * stored. Stored keys the registry does not know are not shown (a future secret stays private).
 */
export async function listSettings(db: DbOrTx, companyId: number) {
  return settingsToList(await getCompanySettings(db, companyId));
}
