import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { assertTagNameFree } from "./assert-name-free";
import { canSetKanban } from "./permissions";
import { publishTag } from "./publish-tag";
import type { UpdateTagInput } from "./schemas";
import { getTag } from "./tag-view";

/**
 * PUT /tags/{id}. Anyone may rename or recolour a tag; changing its kanban flag is for admins and
 * supervisors (sending the current value back is fine, so a full form from a user still saves).
 */
export async function updateTag(db: DbOrTx, ctx: TenantContext, tagId: number, input: UpdateTagInput) {
  const current = await getTag(db, ctx, tagId);
  if (input.kanban !== undefined && input.kanban !== current.kanban && !canSetKanban(ctx)) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  if (input.name !== undefined) await assertTagNameFree(db, ctx.companyId, input.name, tagId);
  await db
    .update(tags)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.kanban !== undefined ? { kanban: input.kanban } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(tags.id, tagId), eq(tags.companyId, ctx.companyId)));
  const tag = await getTag(db, ctx, tagId);
  await publishTag(ctx.companyId, { action: "update", tag });
  return tag;
}
