import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { tz } from "./columns";

/**
 * The WhatsApp worker processes, each reporting itself through the database (issue 18): a row per
 * process, written when it starts and renewed with its leases (the connections it holds), marked
 * stopped when it shuts down. Readiness and metrics read it; a row whose seenAt is old is a worker
 * that died without saying so (its leases lapse and another worker takes its connections).
 */
export const workerProcesses = pgTable("worker_processes", {
  // the worker id written into whatsapps.lease_owner (host:pid:random)
  id: text("id").primaryKey(),
  hostname: text("hostname").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", tz).defaultNow().notNull(),
  seenAt: timestamp("seen_at", tz).defaultNow().notNull(),
  // connections whose lease it held at its last report
  connections: integer("connections").notNull().default(0),
  stoppedAt: timestamp("stopped_at", tz),
});
