import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { tagColumns, type TagRow } from "@/lib/tags/tag-view";

/**
 * GET /api/tags/kanban (admin §7): `{ lista }`, the company's kanban tags (kanban 1), the board's
 * lanes after 'Em aberto', by name (then id), each with its ticket count (admin §3 Kanban tag).
 */
export async function listKanbanTags(db: DbOrTx, ctx: Pick<TenantContext, "companyId">): Promise<{ lista: TagRow[] }> {
  const lista = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.companyId, ctx.companyId), eq(tags.kanban, 1)))
    .orderBy(asc(tags.name), asc(tags.id));
  return { lista };
}

/** A kanban tag of the caller's company, locked against a change while a move uses it; else 404. */
export async function lockKanbanTag(tx: DbOrTx, companyId: number, tagId: number): Promise<void> {
  const [row] = await tx
    .select({ kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.companyId, companyId)))
    .for("share");
  // a tag that is not a lane is no kanban tag: the same 404 as another company's
  if (!row || row.kanban !== 1) throw new AppError("ERR_NO_TAG_FOUND", 404);
}

/** 404 unless the tag is a kanban tag of the company (the lane of GET /api/ticket/kanban). */
export async function assertKanbanTag(db: DbOrTx, companyId: number, tagId: number): Promise<void> {
  const [row] = await db
    .select({ kanban: tags.kanban })
    .from(tags)
    .where(and(eq(tags.id, tagId), eq(tags.companyId, companyId)));
  if (!row || row.kanban !== 1) throw new AppError("ERR_NO_TAG_FOUND", 404);
}
