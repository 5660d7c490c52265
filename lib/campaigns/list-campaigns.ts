import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaigns } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { pageResult, pageWindow } from "@/lib/api/paging";
import { selectCampaigns, toCampaignRow } from "./campaign-view";

export const CAMPAIGNS_PAGE_SIZE = 40;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /campaigns: `{ records, count, hasMore }`, 40 a page, newest first, searched by name. */
export async function listCampaigns(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const conditions: SQL[] = [eq(campaigns.companyId, ctx.companyId)];
  const term = searchParam.trim().toLowerCase();
  if (term) conditions.push(ilike(campaigns.name, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, CAMPAIGNS_PAGE_SIZE);
  const [rows, [{ total }]] = await Promise.all([
    // campaigns_company_created_idx (company_id, created_at desc)
    selectCampaigns(db).where(where).orderBy(desc(campaigns.createdAt), desc(campaigns.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(campaigns).where(where),
  ]);
  return pageResult("records", rows.map(toCampaignRow), total, pageNumber, CAMPAIGNS_PAGE_SIZE);
}
