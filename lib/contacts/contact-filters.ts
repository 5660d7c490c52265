import { and, eq, gte, ilike, lt, or, sql, type SQL } from "drizzle-orm";
import { companies, contacts } from "@/db/schema";
import { addDaysToDate } from "@/lib/dates/today";
import type { ContactFilters } from "./schemas";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Midnight of a yyyy-MM-dd day in the company's timezone, as a timestamptz. The scalar subquery runs
// once per statement, so created_at is compared with a constant.
const startOfDay = (companyId: number, day: string) =>
  sql`(${day}::date::timestamp at time zone (select ${companies.timezone} from ${companies} where ${companies.id} = ${companyId}))`;

/**
 * The contacts a list or an export holds: the caller's company, the lowercased search (spec core
 * §5) on name, number or email, and the created-date filters (`date` one day; `dateStart` and
 * `dateEnd` an inclusive range; days in the company's timezone).
 */
export function contactsWhere(companyId: number, f: ContactFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(contacts.companyId, companyId)];
  const term = f.searchParam.trim().toLowerCase();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(contacts.name, like), ilike(contacts.number, like), ilike(contacts.email, like)));
  }
  const from = f.date ?? f.dateStart;
  const to = f.date ?? f.dateEnd;
  if (from) conditions.push(gte(contacts.createdAt, startOfDay(companyId, from)));
  if (to) conditions.push(lt(contacts.createdAt, startOfDay(companyId, addDaysToDate(to, 1))));
  return and(...conditions)!;
}
