import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { executePrepared } from "./prepared";

// A NOTIFY is a transaction of its own with an xid, and Postgres serialises the commits of
// notifying transactions (the notify queue lock is held through the commit's WAL flush): one
// notify per bot reply capped the whole server at one fsync per reply (issue 19). Two cuts:
// - its commit does not wait for the flush (synchronous_commit off for that one transaction: a
//   wake is a hint that no crash needs to keep; the rows it announces committed durably before);
// - concurrent wakes of one connection share: while one is in flight, the next waits for it and
//   then sends ONE more for every caller that came meanwhile (sent after all their commits).
type Slot = { running: Promise<void> | null; queued: Promise<void> | null };
const slots = new WeakMap<Db, Map<number, Slot>>();

function notify(db: Db, whatsappId: number): Promise<void> {
  return executePrepared(db, sql`select set_config('synchronous_commit', 'off', true), pg_notify('outbox', ${String(whatsappId)})`)
    .then(() => undefined)
    .catch(() => {});
}

function wakeOne(db: Db, whatsappId: number): Promise<void> {
  let bySlot = slots.get(db);
  if (!bySlot) slots.set(db, (bySlot = new Map()));
  const slot = bySlot.get(whatsappId) ?? { running: null, queued: null };
  bySlot.set(whatsappId, slot);
  const start = (): Promise<void> => {
    const sent = notify(db, whatsappId).finally(() => {
      if (slot.running === sent) slot.running = null;
      if (!slot.running && !slot.queued) bySlot.delete(whatsappId);
    });
    slot.running = sent;
    return sent;
  };
  if (slot.queued) return slot.queued;
  if (!slot.running) return start();
  const queued = slot.running.then(() => {
    slot.queued = null;
    return start();
  });
  slot.queued = queued;
  return queued;
}

/**
 * NOTIFY outbox for the worker holding these connections, after the rows committed. Not inside the
 * writing transaction (see above). Best effort: the worker's polling finds the rows anyway. Resolves
 * once a notify sent after this call went out.
 */
export async function wakeWorker(db: Db, whatsappIds: number[]): Promise<void> {
  await Promise.all([...new Set(whatsappIds)].map((id) => wakeOne(db, id)));
}
