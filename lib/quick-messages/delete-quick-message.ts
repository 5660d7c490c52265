import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { deleteQuickMessageRow, updateQuickMessageRow } from "./media-swap";
import { publishQuickMessage } from "./publish-quick-message";
import { getEditableQuickMessage, readQuickMessage } from "./quick-message-view";
import { messageRequired } from "./update-quick-message";

/** DELETE /quick-messages/{id}: the owner, or an admin for a shared one. */
export async function deleteQuickMessage(db: DbOrTx, ctx: TenantContext, id: number) {
  const current = await getEditableQuickMessage(db, ctx, id);
  await deleteQuickMessageRow(db, ctx.companyId, id);
  await publishQuickMessage(ctx.companyId, "delete", current);
  return { ok: true };
}

/**
 * DELETE /quick-messages/{id}/media: drops the file (same rule as editing). A message that is only
 * a file keeps it: with neither text nor file it would be an empty reply.
 */
export async function deleteQuickMessageMedia(db: DbOrTx, ctx: TenantContext, id: number) {
  const current = await getEditableQuickMessage(db, ctx, id);
  if (!current.message) throw messageRequired();
  await updateQuickMessageRow(db, ctx.companyId, id, { mediaPath: null, mediaName: null, updatedAt: new Date() });
  const updated = await readQuickMessage(db, ctx.companyId, id);
  await publishQuickMessage(ctx.companyId, "update", updated, current);
  return updated;
}
