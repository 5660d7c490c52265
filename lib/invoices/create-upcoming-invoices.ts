import { sql } from "drizzle-orm";
import { companyTodaySql, notOwnerCompanySql } from "@/lib/companies/company-today-sql";
import type { DbOrTx } from "@/db";

/**
 * The timed job's first part (issue 13 §4): each company's invoice for its next period, made
 * `daysBefore` days before its due date (in the company's timezone) at its plan's value. One per
 * company and period: the unique (company, due date) key makes a second run, a second instance or
 * a checkout that made it first do nothing. Not for the platform owner's company (it has a super
 * user), companies without a due date, or free plans (Pix has no charge of zero).
 */
export async function createUpcomingInvoices(db: DbOrTx, now: Date, daysBefore: number, limit = 500): Promise<number> {
  const rows = await db.execute<{ id: number }>(sql`
    insert into invoices (company_id, detail, value, due_date, plan_id)
    select c.id, p.name, p.value, c.due_date, p.id
    from companies c join plans p on p.id = c.plan_id
    where c.due_date is not null
      and c.due_date <= ${companyTodaySql(now)} + ${daysBefore}::int
      and p.value > 0
      and ${notOwnerCompanySql}
      and not exists (select 1 from invoices i where i.company_id = c.id and i.due_date = c.due_date)
    order by c.due_date, c.id
    limit ${limit}
    on conflict (company_id, due_date) do nothing
    returning id`);
  return rows.length;
}
