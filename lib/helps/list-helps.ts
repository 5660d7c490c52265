import { asc, count, ilike, or } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { helps } from "@/db/schema";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";

export const helpColumns = { id: helps.id, title: helps.title, description: helps.description, video: helps.video, link: helps.link };
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /helps/list: every help video (helps are global to the platform, not per company). */
export function listHelps(db: DbOrTx) {
  return db.select(helpColumns).from(helps).orderBy(asc(helps.id));
}
export type HelpVideo = Awaited<ReturnType<typeof listHelps>>[number];

/** GET /helps: a page of help videos (20), in the help page's order, searched by title or description. */
export async function listHelpsPage(db: DbOrTx, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const term = searchParam.trim().toLowerCase();
  const where = term ? or(ilike(helps.title, `%${escapeLike(term)}%`), ilike(helps.description, `%${escapeLike(term)}%`)) : undefined;
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db.select(helpColumns).from(helps).where(where).orderBy(asc(helps.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(helps).where(where),
  ]);
  return pageResult("helps", rows, total, pageNumber, size);
}
