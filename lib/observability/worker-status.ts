import { sql } from "drizzle-orm";
import type { Db } from "@/db";

export type WorkerStatus = {
  /** workers that reported within one lease length and did not stop */
  live: number;
  /** connections those workers said they hold */
  connections: number;
  /** seconds since the least recent report of a live worker */
  oldestReportSeconds: number;
  /** connections whose lease is current */
  leasesHeld: number;
  /** seconds since the least recently renewed current lease was renewed */
  oldestLeaseAgeSeconds: number;
  /** leases that ran out with their owner still named: a worker died, nobody took over yet */
  leasesLapsed: number;
};

/**
 * What the WhatsApp workers report through the database (worker_processes, written by
 * lib/whatsapp/worker/worker-processes.ts, and the leases on whatsapps): counts and ages only, no
 * company, connection or number. Both tables are small (one row per worker, per connection).
 */
export async function workerStatus(db: Db, leaseMs: number): Promise<WorkerStatus> {
  const lease = `${leaseMs} milliseconds`;
  const [w] = await db.execute<Record<string, number>>(sql`
    select count(*)::int as live, coalesce(sum(connections), 0)::int as connections,
      coalesce(extract(epoch from now() - min(seen_at)), 0)::float8 as oldest
    from worker_processes where stopped_at is null and seen_at > now() - ${lease}::interval`);
  const [l] = await db.execute<Record<string, number>>(sql`
    select count(*) filter (where lease_expires_at > now())::int as held,
      count(*) filter (where lease_expires_at <= now())::int as lapsed,
      -- a lease runs leaseMs from its last renewal
      coalesce(extract(epoch from ${lease}::interval - (min(lease_expires_at) filter (where lease_expires_at > now()) - now())), 0)::float8 as oldest
    from whatsapps where lease_owner is not null`);
  const round = (n: unknown) => Math.round(Number(n) * 10) / 10;
  return {
    live: Number(w.live),
    connections: Number(w.connections),
    oldestReportSeconds: round(w.oldest),
    leasesHeld: Number(l.held),
    oldestLeaseAgeSeconds: round(l.oldest),
    leasesLapsed: Number(l.lapsed),
  };
}
