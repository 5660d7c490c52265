import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import { selectPrompts, toPromptView } from "./prompt-view";

/** Rows a page of /prompts shows. */
export const PROMPTS_PAGE_SIZE = 40;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /prompt: `{ prompts, count, hasMore }`, the company's prompts by name, searched by name. */
export async function listPrompts(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const conditions: SQL[] = [eq(prompts.companyId, ctx.companyId)];
  const term = searchParam.trim();
  if (term) conditions.push(ilike(prompts.name, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, PROMPTS_PAGE_SIZE);
  const [rows, [{ total }]] = await Promise.all([
    selectPrompts(db).where(where).orderBy(asc(prompts.name), asc(prompts.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(prompts).where(where),
  ]);
  return pageResult("prompts", rows.map(toPromptView), total, pageNumber, PROMPTS_PAGE_SIZE);
}
