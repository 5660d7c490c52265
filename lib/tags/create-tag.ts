import type { DbOrTx } from "@/db";
import { tags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { assertTagNameFree } from "./assert-name-free";
import { canSetKanban } from "./permissions";
import { publishTag } from "./publish-tag";
import type { CreateTagInput } from "./schemas";
import { getTag } from "./tag-view";

/**
 * POST /tags. Anyone may add a tag; making it a kanban lane is for admins and supervisors
 * (admin §6), so anyone else asking for kanban 1 is refused rather than silently ignored.
 */
export async function createTag(db: DbOrTx, ctx: TenantContext, input: CreateTagInput) {
  if (input.kanban === 1 && !canSetKanban(ctx)) throw new AppError("ERR_NO_PERMISSION", 403);
  await assertTagNameFree(db, ctx.companyId, input.name);
  const [row] = await db
    .insert(tags)
    .values({ companyId: ctx.companyId, name: input.name, color: input.color, kanban: input.kanban ?? 0, userId: ctx.userId })
    .returning({ id: tags.id });
  const tag = await getTag(db, ctx, row.id);
  await publishTag(ctx.companyId, { action: "create", tag });
  return tag;
}
