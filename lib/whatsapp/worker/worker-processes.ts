import os from "node:os";
import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { workerProcesses } from "@/db/schema";

// Each WhatsApp worker reports itself in worker_processes (migration 0009): readiness and metrics
// read it (lib/observability), so a worker that stopped or died is visible without asking it.

/** At start: the row of this process (a restarted id starts afresh), and old rows go. */
export async function registerWorkerProcess(db: DbOrTx, id: string) {
  await db
    .insert(workerProcesses)
    .values({ id, hostname: os.hostname(), pid: process.pid })
    .onConflictDoUpdate({ target: workerProcesses.id, set: { startedAt: sql`now()`, seenAt: sql`now()`, connections: 0, stoppedAt: null } });
  await pruneWorkerProcesses(db);
}

/** With each lease renewal: still alive, holding `connections`. */
export async function reportWorkerProcess(db: DbOrTx, id: string, connections: number) {
  await db
    .insert(workerProcesses)
    .values({ id, hostname: os.hostname(), pid: process.pid, connections })
    .onConflictDoUpdate({ target: workerProcesses.id, set: { seenAt: sql`now()`, connections, stoppedAt: null } });
}

/** On a graceful stop, after its leases were released. */
export async function stopWorkerProcess(db: DbOrTx, id: string) {
  await db.execute(sql`update ${workerProcesses} set stopped_at = now(), seen_at = now(), connections = 0 where id = ${id}`);
}

/** Rows of workers stopped, or not seen (died), for more than a day: history nobody reads. */
export async function pruneWorkerProcesses(db: DbOrTx) {
  await db.execute(sql`delete from ${workerProcesses} where coalesce(stopped_at, seen_at) < now() - interval '1 day'`);
}
