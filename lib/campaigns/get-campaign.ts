import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { campaignReport } from "./dispatch/report";
import { readCampaign } from "./campaign-view";

/** GET /campaigns/{id}: the campaign with its report's figures (admin.md §2.7). */
export async function getCampaign(db: DbOrTx, ctx: TenantContext, id: number) {
  const row = await readCampaign(db, ctx.companyId, id);
  return { ...row, report: await campaignReport(db, ctx.companyId, id) };
}
