import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaigns } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteMedia, saveMedia } from "@/lib/storage";
import { readCampaign, type CampaignRow } from "./campaign-view";
import { isCampaignEditable } from "./editability";
import { publishCampaign } from "./publish-campaign";
import { notEditable } from "./save-campaign-errors";
import { CAMPAIGN_MEDIA_MAX_BYTES } from "./schemas";

type Media = { mediaPath: string | null; mediaName: string | null };

/** POST /campaigns/{id}/media-upload: the attachment sent after the text; replaces an earlier one. */
export async function attachCampaignMedia(db: DbOrTx, ctx: TenantContext, id: number, file: File): Promise<CampaignRow> {
  const current = await readCampaign(db, ctx.companyId, id);
  if (!isCampaignEditable(current)) throw notEditable();
  if (file.size > CAMPAIGN_MEDIA_MAX_BYTES) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  const stored = await saveMedia(ctx.companyId, new Uint8Array(await file.arrayBuffer()), { mimetype: file.type, filename: file.name });
  try {
    return await setCampaignMedia(db, ctx, id, { mediaPath: stored.path, mediaName: stored.filename });
  } catch (err) {
    await deleteMedia(ctx.companyId, stored.path); // no longer editable: nothing names the new file
    throw err;
  }
}

/** DELETE /campaigns/{id}/media-upload: the file leaves storage and the campaign goes without one. */
export async function removeCampaignMedia(db: DbOrTx, ctx: TenantContext, id: number): Promise<CampaignRow> {
  await readCampaign(db, ctx.companyId, id);
  return setCampaignMedia(db, ctx, id, { mediaPath: null, mediaName: null });
}

/**
 * Points an editable campaign at a new file (or none) and deletes the one it had once committed.
 * The old key is read under the row's lock, so two changes at once never both keep or both delete it.
 */
async function setCampaignMedia(db: DbOrTx, ctx: TenantContext, id: number, media: Media): Promise<CampaignRow> {
  const where = and(eq(campaigns.id, id), eq(campaigns.companyId, ctx.companyId));
  const old = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: campaigns.status, scheduledAt: campaigns.scheduledAt, mediaPath: campaigns.mediaPath })
      .from(campaigns)
      .where(where)
      .for("update");
    if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND", 404);
    if (!isCampaignEditable(row)) throw notEditable();
    await tx.update(campaigns).set({ ...media, updatedAt: new Date() }).where(where);
    return row.mediaPath;
  });
  if (old && old !== media.mediaPath) await deleteMedia(ctx.companyId, old);
  const updated = await readCampaign(db, ctx.companyId, id);
  await publishCampaign(ctx.companyId, { action: "update", record: updated });
  return updated;
}
