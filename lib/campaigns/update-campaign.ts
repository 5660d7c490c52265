import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaigns } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { announceCampaignScheduled } from "@/lib/jobs/campaign-events";
import { assertCampaignRefs } from "./assert-campaign-refs";
import { readCampaign, type CampaignRow } from "./campaign-view";
import { isCampaignEditable, statusOnSave } from "./editability";
import { publishCampaign } from "./publish-campaign";
import { invalidCampaign, notEditable } from "./save-campaign-errors";
import { companyTimezone, parseScheduledAt } from "./scheduled-at";
import { campaignIssues, type UpdateCampaignInput } from "./schemas";

/**
 * PUT /campaigns/{id}: what is sent changes, the rest stays; the rules apply to the campaign as it
 * will be. Only an editable campaign (admin.md §4) is saved, checked again under the row's lock so
 * a dispatcher starting it meanwhile wins. The status follows the time (statusOnSave), except that
 * a CANCELADA campaign stays CANCELADA: only its restart moves it on.
 */
export async function updateCampaign(db: DbOrTx, ctx: TenantContext, id: number, input: UpdateCampaignInput): Promise<CampaignRow> {
  const current = await readCampaign(db, ctx.companyId, id);
  if (!isCampaignEditable(current)) throw notEditable();
  const { scheduledAt: text, ...fields } = input;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Omit<UpdateCampaignInput, "scheduledAt">;
  const scheduledAt = text === undefined ? current.scheduledAt : text ? parseScheduledAt(text, await companyTimezone(db, ctx.companyId)) : null;
  const issues = campaignIssues({ ...current, ...changes, scheduledAt });
  if (issues.length) throw invalidCampaign(issues);
  await assertCampaignRefs(db, ctx.companyId, changes);
  const where = and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId));
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ status: campaigns.status, scheduledAt: campaigns.scheduledAt }).from(campaigns).where(where).for("update");
    if (!locked || !isCampaignEditable(locked)) throw notEditable();
    await tx
      .update(campaigns)
      .set({ ...changes, scheduledAt, status: statusOnSave(scheduledAt, locked.status), updatedAt: new Date() })
      .where(where);
  });
  const updated = await readCampaign(db, ctx.companyId, id);
  await publishCampaign(ctx.companyId, { action: "update", record: updated });
  await announceCampaignScheduled(ctx.companyId, updated);
  return updated;
}
