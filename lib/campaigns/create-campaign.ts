import type { DbOrTx } from "@/db";
import { campaigns } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { announceCampaignScheduled } from "@/lib/jobs/campaign-events";
import { assertCampaignRefs } from "./assert-campaign-refs";
import { readCampaign, type CampaignRow } from "./campaign-view";
import { statusOnSave } from "./editability";
import { publishCampaign } from "./publish-campaign";
import { companyTimezone, parseScheduledAt } from "./scheduled-at";
import type { CampaignInput } from "./schemas";

/** POST /campaigns: PROGRAMADA with a time, INATIVA without one (admin.md §4). */
export async function createCampaign(db: DbOrTx, ctx: TenantContext, input: CampaignInput): Promise<CampaignRow> {
  await assertCampaignRefs(db, ctx.companyId, input);
  const { scheduledAt: text, ...fields } = input;
  const scheduledAt = text ? parseScheduledAt(text, await companyTimezone(db, ctx.companyId)) : null;
  const [row] = await db
    .insert(campaigns)
    .values({ ...fields, companyId: ctx.companyId, scheduledAt, status: statusOnSave(scheduledAt) })
    .returning({ id: campaigns.id });
  const created = await readCampaign(db, ctx.companyId, row.id);
  await publishCampaign(ctx.companyId, { action: "create", record: created });
  await announceCampaignScheduled(ctx.companyId, created);
  return created;
}
