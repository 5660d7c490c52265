import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { tagColumns } from "./tag-view";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /tags: a page of the company's tags with their ticket counts, searched by name. */
export async function listTags(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const conditions: SQL[] = [eq(tags.companyId, ctx.companyId)];
  const term = searchParam.trim().toLowerCase();
  if (term) conditions.push(ilike(tags.name, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db.select(tagColumns).from(tags).where(where).orderBy(asc(tags.name), asc(tags.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(tags).where(where),
  ]);
  return pageResult("tags", rows, total, pageNumber, size);
}

/** GET /tags/list: every tag of the company (tag editor, ticket search filter, kanban lanes). */
export function listAllTags(db: DbOrTx, ctx: TenantContext) {
  return db
    .select({ id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban })
    .from(tags)
    .where(eq(tags.companyId, ctx.companyId))
    .orderBy(asc(tags.name), asc(tags.id));
}
