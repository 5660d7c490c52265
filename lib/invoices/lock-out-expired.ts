import { eq, sql } from "drizzle-orm";
import { companyExpiredSql, notOwnerCompanySql } from "@/lib/companies/company-today-sql";
import type { Db } from "@/db";
import { billingNotices, users } from "@/db/schema";
import { wakeCompanyConnections } from "@/lib/companies/company-connections";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";

export const LOCKOUT_KIND = "lockout";

type Candidate = { id: number; dueDate: string };

/**
 * The timed job's third part: from its due date on (company timezone) a company is locked out.
 * Login and every request already refuse it (lib/auth/assert-company-active.ts); this records the
 * lockout once per due date (billing_notices), wakes the workers so they stop its WhatsApp
 * connections (their lease rule refuses a company that may not work), and after commit tells
 * every open browser of its users (`auth`, action subscriptionExpired) so they leave. Not the
 * platform owner's company; a suspended one is already out.
 */
export async function lockOutExpired(db: Db, now: Date, limit = 200): Promise<number> {
  const candidates = await db.execute<Candidate>(sql`
    select c.id, c.due_date::text as "dueDate"
    from companies c
    where c.status and ${companyExpiredSql(now)}
      and ${notOwnerCompanySql}
      and not exists (select 1 from billing_notices n where n.company_id = c.id and n.kind = ${LOCKOUT_KIND} and n.due_date = c.due_date)
    order by c.id
    limit ${limit}`);
  let locked = 0;
  for (const c of candidates) {
    const userIds = await db.transaction(async (tx) => {
      const [notice] = await tx
        .insert(billingNotices)
        .values({ companyId: c.id, kind: LOCKOUT_KIND, dueDate: c.dueDate })
        .onConflictDoNothing()
        .returning({ id: billingNotices.id });
      if (!notice) return null;
      await wakeCompanyConnections(tx, c.id);
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, c.id));
      return rows.map((r) => r.id);
    });
    if (!userIds) continue;
    locked++;
    if (userIds.length) {
      await publish({
        channels: userIds.map((id) => channels.user(c.id, id)),
        event: EVENTS.auth,
        data: { action: "subscriptionExpired", dueDate: c.dueDate },
      });
    }
  }
  return locked;
}
