import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { V } from "@/lib/validation/messages";
import { updateQuickMessageRow } from "./media-swap";
import { publishQuickMessage } from "./publish-quick-message";
import { getEditableQuickMessage, readQuickMessage } from "./quick-message-view";
import type { UpdateQuickMessageInput } from "./schemas";
import { withQuickMessageMedia } from "./store-media";

/** The API's validation answer when a quick message would have neither text nor file. */
export const messageRequired = () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "message", message: V.required }] });

/** PUT /quick-messages/{id}: the owner, or an admin for a shared one. A new file replaces the old, which is deleted. */
export async function updateQuickMessage(db: DbOrTx, ctx: TenantContext, id: number, input: UpdateQuickMessageInput) {
  const current = await getEditableQuickMessage(db, ctx, id);
  const message = input.message ?? current.message;
  if (!message && !input.file && !current.mediaPath) throw messageRequired();
  await withQuickMessageMedia(ctx.companyId, input.file, (media) =>
    updateQuickMessageRow(db, ctx.companyId, id, {
      ...(input.shortcode !== undefined ? { shortcode: input.shortcode } : {}),
      ...(input.message !== undefined ? { message: input.message } : {}),
      ...(input.geral !== undefined ? { geral: input.geral } : {}),
      // a shared message whose author is gone becomes the editor's own when it stops being shared
      ...(input.geral === false && current.userId === null ? { userId: ctx.userId } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(media ?? {}),
      updatedAt: new Date(),
    }),
  );
  // read without the visibility rule: an admin may have made someone's shared message personal again
  const updated = await readQuickMessage(db, ctx.companyId, id);
  await publishQuickMessage(ctx.companyId, "update", updated, current);
  return updated;
}
