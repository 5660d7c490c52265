import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";

/** How long a claimed turn belongs to its runner: a provider call (20 s) and its actions fit well inside. */
export const TURN_LEASE_MS = 60_000;
/** Claims of one turn before it is given up as failed (a runner that keeps dying on it). */
export const MAX_TURN_ATTEMPTS = 3;

export type ClaimedTurn = {
  id: number;
  companyId: number;
  ticketId: number;
  messageId: number | null;
  targetKind: "prompt" | "integration";
  targetId: number;
  isFirst: boolean;
  attempts: number;
};

type Row = {
  id: string | number;
  company_id: number;
  ticket_id: number;
  message_id: string | number | null;
  target_kind: "prompt" | "integration";
  target_id: number;
  is_first: boolean;
  attempts: number;
};

const iso = (d: Date) => d.toISOString();

/**
 * Takes the next turn to run, race-safely, in ONE statement: among the tickets' oldest unfinished
 * turns (a ticket's turns run one at a time, in id order), the oldest that is due (pending) or
 * whose runner's lease ran out (running: a crash), locked with SKIP LOCKED; it becomes running
 * with a lease and one more attempt. The due/lease conditions are on the locked row itself, so a
 * row another runner claimed meanwhile is re-checked at its new version and left alone. "Due" is
 * judged by the database's clock too: a turn written by the same process less than a millisecond
 * ago has a due_at (microseconds) after the JS `now` (milliseconds), and was missed.
 * `ticketId` limits the scan to one ticket (Inngest runs a ticket's turns per event).
 */
export async function claimTurn(db: DbOrTx, { now = new Date(), ticketId }: { now?: Date; ticketId?: number } = {}): Promise<ClaimedTurn | null> {
  const only = ticketId === undefined ? sql`` : sql`and ticket_id = ${ticketId}`;
  const rows = (await db.execute(sql`
    with heads as (
      select distinct on (ticket_id) id from bot_turns
      where status in ('pending', 'running') ${only}
      order by ticket_id, id
    ),
    pick as (
      select b.id from bot_turns b join heads h on h.id = b.id
      where (b.status = 'pending' and b.due_at <= greatest(${iso(now)}::timestamptz, statement_timestamp()))
        or (b.status = 'running' and b.lease_until < ${iso(now)}::timestamptz)
      order by b.id
      limit 1
      for update of b skip locked
    )
    update bot_turns t set status = 'running', attempts = t.attempts + 1,
      lease_until = ${iso(new Date(now.getTime() + TURN_LEASE_MS))}::timestamptz, updated_at = now()
    from pick where t.id = pick.id
    returning t.id, t.company_id, t.ticket_id, t.message_id, t.target_kind, t.target_id, t.is_first, t.attempts
  `)) as unknown as Row[];
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    companyId: r.company_id,
    ticketId: r.ticket_id,
    messageId: r.message_id === null ? null : Number(r.message_id),
    targetKind: r.target_kind,
    targetId: r.target_id,
    isFirst: r.is_first,
    attempts: r.attempts,
  };
}

/** Keeps the turn ours a while longer (before a wait); false when it is no longer ours. */
export async function extendLease(db: DbOrTx, turnId: number, attempts: number, now = new Date()): Promise<boolean> {
  const rows = await db.execute(sql`
    update bot_turns set lease_until = ${iso(new Date(now.getTime() + TURN_LEASE_MS))}::timestamptz, updated_at = now()
    where id = ${turnId} and status = 'running' and attempts = ${attempts}
    returning id`);
  return (rows as unknown as unknown[]).length > 0;
}

/** The turn's end: done, or failed with its error. Only by the runner holding it (same attempt). */
export async function finishTurn(db: DbOrTx, turnId: number, attempts: number, error: string | null = null): Promise<void> {
  await db.execute(sql`
    update bot_turns set status = ${error === null ? "done" : "failed"}, error = ${error}, lease_until = null, updated_at = now()
    where id = ${turnId} and status = 'running' and attempts = ${attempts}`);
}

/** When the next pending turn is due (null: none), for a loop that sleeps until then. */
export async function nextDueAt(db: DbOrTx): Promise<Date | null> {
  const [row] = (await db.execute(sql`select min(due_at) as at from bot_turns where status = 'pending'`)) as unknown as { at: Date | string | null }[];
  return row?.at ? new Date(row.at) : null;
}
