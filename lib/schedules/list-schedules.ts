import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts, schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { selectSchedules, toScheduleView } from "./schedule-view";
import type { ListSchedulesQuery } from "./schemas";

// A calendar range answers every schedule in it up to this bound (a month of a busy company);
// hasMore tells the page when it was cut.
export const RANGE_LIMIT = 1000;

/**
 * GET /schedules: `{ schedules, count, hasMore }`. With `start`/`end` (the calendar's visible
 * range) every schedule sent in [start, end) in time order; otherwise 20 a page, newest first,
 * filtered by `searchParam` (body or contact name) and `contactId`.
 */
export async function listSchedules(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, q: ListSchedulesQuery) {
  const ranged = Boolean(q.start || q.end);
  const term = q.searchParam.toLowerCase();
  const where = and(
    eq(schedules.companyId, ctx.companyId),
    q.start ? gte(schedules.sendAt, q.start) : undefined,
    q.end ? lt(schedules.sendAt, q.end) : undefined,
    q.contactId ? eq(schedules.contactId, q.contactId) : undefined,
    term ? (or(ilike(schedules.body, `%${escapeLike(term)}%`), ilike(contacts.name, `%${escapeLike(term)}%`)) as SQL) : undefined,
  );
  const size = ranged ? RANGE_LIMIT : PAGE_SIZE.default;
  const pageNumber = ranged ? 1 : q.pageNumber;
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ n }]] = await Promise.all([
    selectSchedules(db)
      .where(where)
      .orderBy(ranged ? asc(schedules.sendAt) : desc(schedules.sendAt), ranged ? asc(schedules.id) : desc(schedules.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(schedules).innerJoin(contacts, eq(contacts.id, schedules.contactId)).where(where),
  ]);
  return pageResult("schedules", rows.map(toScheduleView), n, pageNumber, size);
}

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
