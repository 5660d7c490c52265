import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaigns } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteMedia } from "@/lib/storage";
import { canDeleteCampaign } from "./editability";
import { publishCampaign } from "./publish-campaign";
import { stillRunning } from "./save-campaign-errors";

/**
 * DELETE /campaigns/{id}: refused while EM_ANDAMENTO (cancel it first), checked under the row's
 * lock; its recipients and outbox go with it (cascade) and its attachment is removed from storage.
 */
export async function deleteCampaign(db: DbOrTx, ctx: TenantContext, id: number) {
  const where = and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId));
  const mediaPath = await db.transaction(async (tx) => {
    const [row] = await tx.select({ status: campaigns.status, mediaPath: campaigns.mediaPath }).from(campaigns).where(where).for("update");
    if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND", 404);
    if (!canDeleteCampaign(row.status)) throw stillRunning();
    await tx.delete(campaigns).where(where);
    return row.mediaPath;
  });
  await deleteMedia(ctx.companyId, mediaPath);
  await publishCampaign(ctx.companyId, { action: "delete", id });
  return { ok: true };
}
