import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { canDeleteTag } from "./permissions";
import { publishTag } from "./publish-tag";
import { getTag } from "./tag-view";

/**
 * DELETE /tags/{id}: admins and supervisors; the tag leaves every ticket (ticket_tags cascade).
 * Another company's tag is 404 before any permission question.
 */
export async function deleteTag(db: DbOrTx, ctx: TenantContext, tagId: number) {
  await getTag(db, ctx, tagId);
  if (!canDeleteTag(ctx)) throw new AppError("ERR_NO_PERMISSION", 403);
  await db.delete(tags).where(and(eq(tags.id, tagId), eq(tags.companyId, ctx.companyId)));
  await publishTag(ctx.companyId, { action: "delete", tagId });
  return { ok: true };
}
