import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaigns } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { FORM_ROOM_BYTES, isForm, readBody } from "@/lib/api/body";
import { deleteMedia } from "@/lib/storage";
import { withUploadStream, type UploadLimits } from "@/lib/storage/upload-stream";
import { V } from "@/lib/validation/messages";
import { readCampaign, type CampaignRow } from "./campaign-view";
import { isCampaignEditable } from "./editability";
import { publishCampaign } from "./publish-campaign";
import { notEditable } from "./save-campaign-errors";
import { CAMPAIGN_MEDIA_MAX_BYTES } from "./schemas";

type Media = { mediaPath: string | null; mediaName: string | null };

/** The campaign's `file` part, streamed to storage (lib/storage/upload-stream.ts) within these limits. */
export const CAMPAIGN_MEDIA_UPLOAD: UploadLimits = {
  fileFields: ["file"],
  maxFiles: 1,
  maxFileBytes: CAMPAIGN_MEDIA_MAX_BYTES,
  maxRequestBytes: CAMPAIGN_MEDIA_MAX_BYTES + FORM_ROOM_BYTES,
  tooMany: () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "tooLong" }] }),
};
const fileRequired = () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: V.required }] });

/**
 * POST /campaigns/{id}/media-upload: the attachment sent after the text (multipart `file`);
 * replaces an earlier one. The file streams into storage as it arrives (413 past the limit); a
 * refused one (no such campaign, no longer editable) is deleted.
 */
export async function attachCampaignMedia(db: DbOrTx, ctx: TenantContext, id: number, req: Request): Promise<CampaignRow> {
  if (!isForm(req)) {
    await readBody(req); // a body that is not JSON answers ERR_INVALID_JSON, as before
    throw fileRequired();
  }
  return withUploadStream(req, ctx.companyId, CAMPAIGN_MEDIA_UPLOAD, async ({ files: [file] }) => {
    if (!file) throw fileRequired();
    const current = await readCampaign(db, ctx.companyId, id);
    if (!isCampaignEditable(current)) throw notEditable();
    return setCampaignMedia(db, ctx, id, { mediaPath: file.path, mediaName: file.filename });
  });
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
