import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { wakeLocally } from "@/lib/whatsapp/worker/local-wake";
import { executePrepared } from "./prepared";

// A NOTIFY is a transaction of its own with an xid, and Postgres serialises the commits of
// notifying transactions (the notify queue lock is held through the commit's WAL flush): one
// notify per bot reply capped the whole server at one fsync per reply (issue 19). Three cuts:
// - its commit does not wait for the flush (synchronous_commit off for that one transaction: a
//   wake is a hint that no crash needs to keep; the rows it announces committed durably before);
// - the wakes of one connection share: every caller until the next notify is sent is served by it;
// - and that next one goes out at least GAP_MS after the previous (a busy connection's bot answered
//   hundreds of messages a second, each with its own notify; the worker reads all pending rows on
//   one wake anyway). A lone wake goes at once.
// And when the worker running the connection is this very process (the bot answering a message the
// worker stored), it is told directly and no notify is sent (lib/whatsapp/worker/local-wake.ts).
const GAP_MS = 5;
type Slot = { next: Promise<void> | null; lastSent: number };
const slots = new WeakMap<Db, Map<number, Slot>>();

function notify(db: Db, whatsappId: number): Promise<void> {
  return executePrepared(db, sql`select set_config('synchronous_commit', 'off', true), pg_notify('outbox', ${String(whatsappId)})`)
    .then(() => undefined)
    .catch(() => {});
}

function wakeOne(db: Db, whatsappId: number): Promise<void> {
  if (wakeLocally(db, whatsappId)) return Promise.resolve();
  let bySlot = slots.get(db);
  if (!bySlot) slots.set(db, (bySlot = new Map()));
  let slot = bySlot.get(whatsappId);
  if (!slot) bySlot.set(whatsappId, (slot = { next: null, lastSent: 0 }));
  // a notify not sent yet is sent after this call: it covers this caller too
  if (slot.next) return slot.next;
  const s = slot;
  const wait = Math.max(0, s.lastSent + GAP_MS - Date.now());
  s.next = new Promise<void>((resolve) => (wait ? setTimeout(resolve, wait) : queueMicrotask(resolve))).then(() => {
    s.next = null;
    s.lastSent = Date.now();
    return notify(db, whatsappId);
  });
  return s.next;
}

/**
 * NOTIFY outbox for the worker holding these connections, after the rows committed. Not inside the
 * writing transaction (see above). Best effort, never rejects: the worker's polling finds the rows
 * anyway. Resolves once a notify sent after this call went out.
 */
export async function wakeWorker(db: Db, whatsappIds: number[]): Promise<void> {
  await Promise.all([...new Set(whatsappIds)].map((id) => wakeOne(db, id)));
}

/** Resolves once every wake asked of this database so far went out (tests; a clean stop). */
export async function wakesSent(db: Db): Promise<void> {
  const bySlot = slots.get(db);
  if (bySlot) await Promise.all([...bySlot.values()].map((s) => s.next));
}
