import { and, count, desc, eq, ilike } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { announcements } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { announcementColumns, toView } from "./announcement-view";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /announcements: `{ records, count, hasMore }`, 20 a page, newest first (the id breaks ties),
 * searched by title. Announcements are the platform's: super users see them all, everyone else
 * the active ones, whatever company wrote them.
 */
export async function listAnnouncements(db: DbOrTx, ctx: Pick<TenantContext, "super">, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const term = searchParam.trim();
  const where = and(
    ctx.super ? undefined : eq(announcements.status, true),
    term ? ilike(announcements.title, `%${escapeLike(term)}%`) : undefined,
  );
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(announcementColumns)
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(announcements).where(where),
  ]);
  return pageResult("records", rows.map(toView), total, pageNumber, size);
}
