import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { fileLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import { fileListColumns } from "./file-list-view";

/** Rows a page of /files shows. */
export const FILE_LISTS_PAGE_SIZE = 40;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /files: `{ files, count, hasMore }`, the company's file lists by name, searched by name. */
export async function listFileLists(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const conditions: SQL[] = [eq(fileLists.companyId, ctx.companyId)];
  const term = searchParam.trim();
  if (term) conditions.push(ilike(fileLists.name, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, FILE_LISTS_PAGE_SIZE);
  const [rows, [{ total }]] = await Promise.all([
    db.select(fileListColumns).from(fileLists).where(where).orderBy(asc(fileLists.name), asc(fileLists.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(fileLists).where(where),
  ]);
  return pageResult("files", rows, total, pageNumber, FILE_LISTS_PAGE_SIZE);
}
