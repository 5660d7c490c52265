import { sql, type SQL } from "drizzle-orm";

// The SQL side of lib/companies/due-date.ts and owner-company.ts (kept apart: due-date.ts is also bundled for the browser),
// for queries over companies aliased `c`.

/** Today in the company's timezone, at `at` (the statement's now() when not given). */
export const companyTodaySql = (at?: Date): SQL =>
  at ? sql`(${at.toISOString()}::timestamptz at time zone c.timezone)::date` : sql`(now() at time zone c.timezone)::date`;

/** The company has a due date and has reached it: expired (isSubscriptionExpired's rule). */
export const companyExpiredSql = (at?: Date): SQL => sql`(c.due_date is not null and c.due_date <= ${companyTodaySql(at)})`;

/** Not the platform owner's company (the one holding a super user: lib/companies/owner-company.ts). */
export const notOwnerCompanySql: SQL = sql`not exists (select 1 from users u where u.company_id = c.id and u.super)`;
