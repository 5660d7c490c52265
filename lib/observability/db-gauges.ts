import { sql } from "drizzle-orm";
import { Gauge } from "prom-client";
import type { Db } from "@/db";
import { logger } from "./logger";
import type { AppMetrics } from "./metrics";

type Rows = Record<string, unknown>[];

/**
 * One query shared by the gauges it fills: prom-client collects all gauges of a scrape at once, so
 * each gauge awaits the same (recent) answer instead of asking again. A failing query leaves its
 * gauges empty (logged) rather than failing the whole scrape.
 */
function shared(name: string, db: () => Db, query: ReturnType<typeof sql>) {
  let last: { at: number; rows: Promise<Rows> } | undefined;
  return () => {
    if (!last || Date.now() - last.at > 1000) {
      const rows = db()
        .execute(query)
        .then((r) => [...r] as Rows)
        .catch((err) => (logger().warn({ err, query: name }, "metrics query failed"), [] as Rows));
      last = { at: Date.now(), rows };
    }
    return last.rows;
  };
}

// The outboxes' partial indexes (messages_outbox_idx, campaign_messages_outbox_idx) hold exactly
// the waiting rows: counting them reads the index and the few rows it points at.
const outboxQuery = sql`
  select 'messages' as outbox, count(*)::int as depth, coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age
    from messages where send_status in ('pending', 'sending')
  union all
  select 'campaigns', count(*)::int, coalesce(extract(epoch from now() - min(created_at)), 0)::float8
    from campaign_messages where send_status in ('pending', 'sending')`;

// whatsapps is one row per connection: small; an expired lease counts as held by nobody. `attention`
// feeds whatsapp_connections_needing_attention from the same read
const connectionsQuery = sql`
  select status, coalesce(case when lease_expires_at > now() then lease_owner end, 'none') as worker, count(*)::int as n,
      count(*) filter (where needs_attention)::int as attention
    from whatsapps group by 1, 2`;

/** The web process's gauges, read from the database at scrape time (the worker process has none). */
export function registerDbGauges(m: AppMetrics, db: () => Db) {
  if (m.dbGauges) return;
  m.dbGauges = true;
  const registers = [m.registry];
  const outbox = shared("outbox", db, outboxQuery);
  const connections = shared("connections", db, connectionsQuery);
  new Gauge({
    name: "outbox_depth",
    help: "Messages waiting to be sent (pending or sending), per outbox",
    labelNames: ["outbox"],
    registers,
    async collect() {
      for (const r of await outbox()) this.set({ outbox: String(r.outbox) }, Number(r.depth));
    },
  });
  new Gauge({
    name: "outbox_oldest_age_seconds",
    help: "Age of the oldest waiting message, per outbox (0 when empty)",
    labelNames: ["outbox"],
    registers,
    async collect() {
      for (const r of await outbox()) this.set({ outbox: String(r.outbox) }, Number(r.age));
    },
  });
  new Gauge({
    name: "whatsapp_connections",
    help: "Connections by status and the worker holding their lease ('none': nobody)",
    labelNames: ["status", "worker"],
    registers,
    async collect() {
      // a worker gone since the last scrape must not linger as a series
      this.reset();
      for (const r of await connections()) this.set({ status: String(r.status), worker: String(r.worker) }, Number(r.n));
    },
  });
  new Gauge({
    name: "whatsapp_connections_needing_attention",
    help: "Connections an admin must act on (re-pair, stop another session): they will not heal by themselves",
    registers,
    async collect() {
      // unlabelled, so always a sample: 0 as well when the query failed (logged above)
      this.set((await connections()).reduce((sum, r) => sum + Number(r.attention), 0));
    },
  });
}
