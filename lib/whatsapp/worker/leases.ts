import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { companyExpiredSql } from "@/lib/companies/company-today-sql";

export type LeasedConnection = {
  id: number;
  companyId: number;
  provider: string;
  status: string;
  sessionRequest: string | null;
  sessionRequestedAt: Date | null;
};

// lease bookkeeping is not a change an admin should see as the connection's "last update"
const KEEP_UPDATED_AT = sql`${whatsapps.updatedAt}` as unknown as Date;

const columns = {
  id: whatsapps.id,
  companyId: whatsapps.companyId,
  provider: whatsapps.provider,
  status: whatsapps.status,
  sessionRequest: whatsapps.sessionRequest,
  sessionRequestedAt: whatsapps.sessionRequestedAt,
};

/**
 * A company whose connections may run (alias `c`): enabled, and its due date not reached in its
 * timezone (lib/companies/due-date.ts, the rule login and every request use).
 */
const companyWorks = sql`c.status and not ${companyExpiredSql()}`;

/**
 * Takes the lease of connections that should run and that nobody holds (or whose holder let the
 * lease lapse): asked to start, or not left disconnected. `skip locked` lets several workers claim
 * side by side without waiting on each other.
 */
export async function claimConnections(db: DbOrTx, workerId: string, leaseMs: number, providers: string[], limit = 20) {
  const until = sql`now() + ${`${leaseMs} milliseconds`}::interval`;
  const claimable = claimableSql(providers);
  const share = await fairShare(db, workerId, leaseMs, claimable);
  // one statement: the rows stay locked until they are taken, so workers claiming at the same
  // moment take different connections (a select then an update would let both pick the same ones
  // and the slower take none)
  return db
    .update(whatsapps)
    .set({ leaseOwner: workerId, leaseExpiresAt: until as never, updatedAt: KEEP_UPDATED_AT })
    .where(sql`${whatsapps.id} in (
      select id from ${whatsapps}
      where ${claimable}
      order by id
      limit ${Math.min(limit, share)}
      for update skip locked)`)
    .returning(columns);
}

/** Connections nobody holds (or whose holder let the lease lapse) that should run, on these providers. */
function claimableSql(providers: string[]) {
  return sql`(lease_owner is null or lease_expires_at < now())
      and provider in ${providers.length ? sql`(${sql.join(providers.map((p) => sql`${p}`), sql`, `)})` : sql`('')`}
      and (session_request in ('start', 'restart') or (session_request is null and status <> 'DISCONNECTED'))
      -- a suspended or expired company's connections stay stopped until it is re-enabled or paid
      and exists (select 1 from companies c where c.id = whatsapps.company_id and ${companyWorks})`;
}

/**
 * How many connections this worker may claim now: its fair share of the running and claimable
 * ones among the live workers (worker_processes seen within a lease), less those it holds; at least
 * one, so connections nobody else takes (a worker without that provider) still get taken, one per
 * tick. Workers woken together thus split the connections instead of the fastest taking them all.
 */
async function fairShare(db: DbOrTx, workerId: string, leaseMs: number, claimable: ReturnType<typeof sql>) {
  const [row] = await db.execute<{ share: number }>(sql`
    select greatest(1, ceil(
        (select count(*) from ${whatsapps} where (lease_owner is not null and lease_expires_at >= now()) or (${claimable}))::numeric
        / greatest(1, (select count(*) from worker_processes where stopped_at is null and seen_at > now() - ${`${leaseMs} milliseconds`}::interval))
      )::int - (select count(*) from ${whatsapps} where lease_owner = ${workerId} and lease_expires_at >= now())::int) as share`);
  return Number(row.share);
}

/**
 * Renews the worker's leases; returns the ids it still holds (a missing id was taken over). The
 * leases of a suspended or expired company's connections are let go instead, so the worker stops them (without
 * logging out) and no worker claims them until the company is re-enabled.
 */
export async function renewLeases(db: DbOrTx, workerId: string, ids: number[], leaseMs: number) {
  if (!ids.length) return [];
  const rows = await db.execute<{ id: number; active: boolean }>(sql`
    update ${whatsapps} w set
      lease_owner = case when ${companyWorks} then w.lease_owner end,
      lease_expires_at = case when ${companyWorks} then now() + ${`${leaseMs} milliseconds`}::interval end
    from companies c
    where c.id = w.company_id and w.lease_owner = ${workerId}
      and w.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    returning w.id, ${companyWorks} as active`);
  return [...rows].filter((r) => r.active).map((r) => Number(r.id));
}

/** Lets leases go; the other workers are woken (NOTIFY whatsapp_session) to take them at once. */
export async function releaseLeases(db: DbOrTx, workerId: string, ids: number[]) {
  if (!ids.length) return;
  const released = await db
    .update(whatsapps)
    .set({ leaseOwner: null, leaseExpiresAt: null, updatedAt: KEEP_UPDATED_AT })
    .where(and(inArray(whatsapps.id, ids), eq(whatsapps.leaseOwner, workerId)))
    .returning({ id: whatsapps.id });
  for (const r of released) await db.execute(sql`select pg_notify('whatsapp_session', ${String(r.id)})`);
}

/** Session requests (start, restart, logout) waiting on connections this worker holds. */
export async function pendingSessionRequests(db: DbOrTx, workerId: string) {
  return db
    .select(columns)
    .from(whatsapps)
    .where(and(eq(whatsapps.leaseOwner, workerId), sql`${whatsapps.sessionRequest} is not null`));
}

/** Clears a request once carried out, unless a newer one arrived meanwhile. */
export async function clearSessionRequest(db: DbOrTx, id: number, requestedAt: Date | null) {
  await db
    .update(whatsapps)
    .set({ sessionRequest: null, sessionRequestedAt: null, updatedAt: KEEP_UPDATED_AT })
    .where(
      and(
        eq(whatsapps.id, id),
        // JS dates hold milliseconds, Postgres microseconds
        requestedAt
          ? sql`date_trunc('milliseconds', ${whatsapps.sessionRequestedAt}) = ${requestedAt.toISOString()}::timestamptz`
          : sql`${whatsapps.sessionRequestedAt} is null`,
      ),
    );
}
