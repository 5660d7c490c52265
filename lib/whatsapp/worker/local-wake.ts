import type { Db } from "@/db";

// The worker holding a connection sends its outbox. A row written by that same process (the bot's
// answer to a message the worker just stored: nearly every bot reply) needs no NOTIFY to reach it:
// the worker is told directly. A NOTIFY is a statement and a transaction of its own, and on the
// worker's side it started a whole tick (leases, session requests, every connection's outbox):
// about 8% of the ingest benchmark's CPU went to the wakes (docs/performance-ingest.md, seventh round).

/** Answers true when this process runs the connection on that database and was told; false otherwise. */
export type LocalWake = (db: Db, whatsappId: number) => boolean;

const holder = globalThis as unknown as { __localWakes?: Set<LocalWake> };
const wakes = (holder.__localWakes ??= new Set());

/** A worker of this process offers its connections (until the returned function is called). */
export function offerLocalWake(wake: LocalWake): () => void {
  wakes.add(wake);
  return () => void wakes.delete(wake);
}

/** Tells the worker of this process that runs the connection, if one does: true when one did. */
export function wakeLocally(db: Db, whatsappId: number): boolean {
  for (const wake of wakes) if (wake(db, whatsappId)) return true;
  return false;
}
