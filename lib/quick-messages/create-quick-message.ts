import type { DbOrTx } from "@/db";
import { quickMessages } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { publishQuickMessage } from "./publish-quick-message";
import { getQuickMessage } from "./quick-message-view";
import type { CreateQuickMessageInput } from "./schemas";
import { withQuickMessageMedia } from "./store-media";

/** POST /quick-messages: the caller's own (geral shares it with the company), with an optional file. */
export async function createQuickMessage(db: DbOrTx, ctx: TenantContext, input: CreateQuickMessageInput) {
  const [row] = await withQuickMessageMedia(ctx.companyId, input.file, (media) =>
    db
      .insert(quickMessages)
      .values({
        companyId: ctx.companyId,
        userId: ctx.userId,
        shortcode: input.shortcode,
        message: input.message,
        geral: input.geral,
        status: input.status,
        mediaPath: media?.mediaPath ?? null,
        mediaName: media?.mediaName ?? null,
      })
      .returning({ id: quickMessages.id }),
  );
  const created = await getQuickMessage(db, ctx, row.id);
  await publishQuickMessage(ctx.companyId, "create", created);
  return created;
}
