import { and, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { ticketTracking } from "@/db/schema";

// Ticket tracking (the dashboard's times): one row per attendance cycle of a ticket. A cycle opens
// when a ticket is created or a closed one reopened; its current row is the newest one with
// finishedAt null. Every function here runs inside the caller's transaction, beside the ticket
// change it records. The queue and connection are copied from the ticket on each step, so a queue
// the chatbot chose while the ticket waited is on the row by the time an agent takes it.

type TicketRef = { companyId: number; ticketId: number };
/** Where the ticket is now: copied onto the cycle. */
type Place = { queueId: number | null; whatsappId: number | null };

export type CycleStart = TicketRef &
  Place & {
    userId?: number | null;
    /** when the cycle started waiting (the ticket's creation, or the reopen) */
    queuedAt: Date;
    /** when an agent took it: the creation of a ticket an agent opens, the reopen time */
    startedAt?: Date | null;
  };

/** A new cycle: a ticket created (by an agent, a contact "start", a schedule) or reopened. */
export async function openCycle(db: DbOrTx, c: CycleStart): Promise<void> {
  await db.insert(ticketTracking).values({
    companyId: c.companyId,
    ticketId: c.ticketId,
    whatsappId: c.whatsappId,
    queueId: c.queueId,
    userId: c.userId ?? null,
    queuedAt: c.queuedAt,
    startedAt: c.startedAt ?? null,
  });
}

/** Accept (or a transfer to a user): the agent attending now; startedAt keeps the first take. */
export async function markStarted(db: DbOrTx, ref: TicketRef, at: Date, s: Place & { userId: number }): Promise<void> {
  await updateCurrentCycle(db, ref, {
    userId: s.userId,
    queueId: s.queueId,
    whatsappId: s.whatsappId,
    startedAt: sql`coalesce(${ticketTracking.startedAt}, ${at.toISOString()}::timestamptz)`,
    updatedAt: at,
  });
}

/** A transfer to a queue (no user): the cycle follows the ticket, its agent and times stay. */
export async function moveCycle(db: DbOrTx, ref: TicketRef, at: Date, s: Place): Promise<void> {
  await updateCurrentCycle(db, ref, { queueId: s.queueId, whatsappId: s.whatsappId, updatedAt: at });
}

/**
 * Back to waiting (return to pending, a transfer to a queue without an agent): the cycle waits
 * again from now, so the dashboard counts it as Aguardando and the next take measures a new wait.
 */
export async function requeueCycle(db: DbOrTx, ref: TicketRef, at: Date, s: Place): Promise<void> {
  await updateCurrentCycle(db, ref, { queueId: s.queueId, whatsappId: s.whatsappId, userId: null, startedAt: null, queuedAt: at, updatedAt: at });
}

/** Closed by an agent; `ratingAt` when the rating question went out with the close. */
export async function markFinished(db: DbOrTx, ref: TicketRef, at: Date, s: Place & { ratingAt?: Date | null }): Promise<void> {
  await updateCurrentCycle(db, ref, {
    queueId: s.queueId,
    whatsappId: s.whatsappId,
    finishedAt: at,
    ...(s.ratingAt ? { ratingAt: s.ratingAt } : {}),
    updatedAt: at,
  });
}

/**
 * Closed in bulk (the inactivity expiry): finishes the current cycles of these tickets, one
 * statement; a ticket older than tracking gets its one row from its creation, finished now.
 */
export async function finishCycles(db: DbOrTx, companyId: number, ticketIds: number[], at: Date): Promise<void> {
  if (!ticketIds.length) return;
  const ids = sql.join(ticketIds.map((id) => sql`${id}`), sql`, `);
  const when = at.toISOString();
  await db.execute(sql`
    with finished as (
      update ticket_tracking tt set finished_at = ${when}::timestamptz, updated_at = ${when}::timestamptz
      where tt.company_id = ${companyId} and tt.ticket_id in (${ids}) and tt.finished_at is null
      returning tt.ticket_id
    )
    insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queue_id, user_id, queued_at, finished_at)
    select t.company_id, t.id, t.whatsapp_id, t.queue_id, t.user_id, t.created_at, ${when}::timestamptz
    from tickets t
    where t.company_id = ${companyId} and t.id in (${ids})
      and not exists (select 1 from finished f where f.ticket_id = t.id)
  `);
}

type CycleSet = Partial<Record<"userId" | "queueId" | "whatsappId", number | null>> & {
  startedAt?: SQL | Date | null;
  queuedAt?: Date;
  finishedAt?: Date;
  ratingAt?: Date;
  updatedAt: Date;
};

/**
 * Updates the ticket's current cycle. A ticket without one (created before tracking existed)
 * first gets it, waiting since the ticket's creation, so no step is lost.
 */
async function updateCurrentCycle(db: DbOrTx, ref: TicketRef, set: CycleSet): Promise<void> {
  const current = sql`${ticketTracking.id} = (
    select x.id from ${ticketTracking} x
    where x.ticket_id = ${ref.ticketId} and x.company_id = ${ref.companyId} and x.finished_at is null
    order by x.id desc limit 1)`;
  const where = and(eq(ticketTracking.companyId, ref.companyId), eq(ticketTracking.ticketId, ref.ticketId), current);
  const done = await db.update(ticketTracking).set(set).where(where).returning({ id: ticketTracking.id });
  if (done.length) return;
  await db.execute(sql`
    insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queue_id, queued_at)
    select t.company_id, t.id, t.whatsapp_id, t.queue_id, t.created_at from tickets t
    where t.id = ${ref.ticketId} and t.company_id = ${ref.companyId}`);
  await db.update(ticketTracking).set(set).where(where);
}

/** The rows of a ticket, oldest first (tests and the dashboard's drill-down). */
export function ticketCycles(db: DbOrTx, ref: TicketRef) {
  return db
    .select()
    .from(ticketTracking)
    .where(and(eq(ticketTracking.companyId, ref.companyId), eq(ticketTracking.ticketId, ref.ticketId)))
    .orderBy(ticketTracking.id);
}
