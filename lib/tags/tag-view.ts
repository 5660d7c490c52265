import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags, ticketTags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";

/** A tag as the tags page shows it (admin §3 Kanban tag: with its ticket count). */
export type TagRow = { id: number; name: string; color: string; kanban: number; userId: number | null; ticketsCount: number };

export const tagColumns = {
  id: tags.id,
  name: tags.name,
  color: tags.color,
  kanban: tags.kanban,
  userId: tags.userId,
  // served by ticket_tags_tag_idx
  ticketsCount: sql<number>`(select count(*)::int from ${ticketTags} where ${ticketTags.tagId} = ${tags.id})`.mapWith(Number),
};

/** GET /tags/{id}: one tag of the caller's company; another company's (or a missing) one is 404. */
export async function getTag(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, tagId: number): Promise<TagRow> {
  const [row] = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.companyId, ctx.companyId)));
  if (!row) throw new AppError("ERR_NO_TAG_FOUND", 404);
  return row;
}
