import { sql } from "drizzle-orm";
import { companyTodaySql, notOwnerCompanySql } from "@/lib/companies/company-today-sql";
import type { Db } from "@/db";
import { billingNotices } from "@/db/schema";
import { enqueueMail } from "@/lib/mail/enqueue";
import { buildReminderMail } from "./reminder-mail";

// billing_notices kinds: the reminder 5 days before (sent from 5 down to 2 days left, so a server
// that was down on the day still sends it) and the one the day before
export const REMINDER_KINDS = { early: "reminder-5", last: "reminder-1" } as const;

type Candidate = { id: number; name: string; email: string; dueDate: string; daysLeft: number; amount: number | null; locale: string | null };

/**
 * The timed job's second part: a reminder mail to the company's email 5 days and 1 day before its
 * due date (company timezone), each once per due date (billing_notices' unique key, written in
 * the transaction that queues the mail). Active companies with an email, not the platform owner.
 */
export async function sendDueReminders(db: Db, now: Date, limit = 200): Promise<number> {
  const candidates = await db.execute<Candidate>(sql`
    select * from (
      select c.id, c.name, c.email, c.due_date::text as "dueDate",
        (c.due_date - ${companyTodaySql(now)})::int as "daysLeft",
        (select i.value::float8 from invoices i where i.company_id = c.id and i.due_date = c.due_date and i.status = 'open') as amount,
        (select u.locale from users u where u.company_id = c.id and u.profile = 'admin' order by u.id limit 1) as locale
      from companies c
      where c.due_date is not null and c.status and coalesce(c.email, '') <> ''
        and ${notOwnerCompanySql}
    ) x
    where x."daysLeft" between 1 and 5
      and not exists (
        select 1 from billing_notices n where n.company_id = x.id and n.due_date = x."dueDate"::date
          and n.kind = case when x."daysLeft" = 1 then ${REMINDER_KINDS.last} else ${REMINDER_KINDS.early} end)
    order by x.id
    limit ${limit}`);
  let sent = 0;
  for (const c of candidates) {
    const kind = c.daysLeft === 1 ? REMINDER_KINDS.last : REMINDER_KINDS.early;
    const queued = await db.transaction(async (tx) => {
      const [notice] = await tx
        .insert(billingNotices)
        .values({ companyId: c.id, kind, dueDate: c.dueDate })
        .onConflictDoNothing()
        .returning({ id: billingNotices.id });
      // another run recorded it first: its mail is queued already
      if (!notice) return false;
      const amount = c.amount === null ? null : Number(c.amount);
      await enqueueMail(tx, buildReminderMail({ to: c.email, company: c.name, dueDate: c.dueDate, daysLeft: c.daysLeft, amount, locale: c.locale }));
      return true;
    });
    if (queued) sent++;
  }
  return sent;
}
