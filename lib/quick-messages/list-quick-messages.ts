import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { quickMessages } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { quickMessageColumns, toQuickMessageView, visibleQuickMessages } from "./quick-message-view";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /quick-messages: `{ records, count, hasMore }`, the caller's own and the shared ones, searched by shortcode or text. */
export async function listQuickMessages(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const conditions: SQL[] = [visibleQuickMessages(ctx)];
  const term = searchParam.trim().toLowerCase();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(quickMessages.shortcode, like), ilike(quickMessages.message, like))!);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(quickMessageColumns)
      .from(quickMessages)
      .where(where)
      .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(quickMessages).where(where),
  ]);
  return pageResult("records", rows.map(toQuickMessageView), total, pageNumber, size);
}

/**
 * GET /quick-messages/list: the "/" suggestions of the message input (spec core §2): the caller's
 * own and the company's shared ones, active (status true) only. The spec's companyId and userId
 * query parameters are never trusted: the session says who asks.
 */
export async function listQuickMessageSuggestions(db: DbOrTx, ctx: TenantContext) {
  const rows = await db
    .select(quickMessageColumns)
    .from(quickMessages)
    .where(and(visibleQuickMessages(ctx), eq(quickMessages.status, true)))
    .orderBy(asc(quickMessages.shortcode), asc(quickMessages.id));
  return rows.map(toQuickMessageView);
}
