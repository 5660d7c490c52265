import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { minutes, type FinishedByUser } from "./finished-cycles";
import type { Bounds } from "./range";

/** The six cards (spec core §3 "Dashboard counters"); times in minutes, null when nothing was measured. */
export type DashboardCounters = {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  newContacts: number;
  avgSupportTime: number | null;
  avgWaitTime: number | null;
};

// A cycle is one ticket_tracking row: queued (created_at, queued_at), started by an agent
// (started_at), finished (finished_at). The range is [start, end): whole days in the company's
// timezone. The manager reads the cards as "the period": what was still going on when it ended,
// and what happened in it. Each statement below reads one index range, so they run side by side.

type Open = { happening: number; pending: number };
type Waits = { seconds: number; waited: number };

// Em Conversa (supportHappening): cycles an agent had started before the end of the range and
// that were not finished by then: in conversation when the period closed (for a range ending
// today: in conversation now). Cycles opened before the range and still going count too.
// Aguardando (supportPending): cycles queued before the end of the range that no agent had started
// and that were not finished by then: waiting when the period closed (today: waiting now).
// Both come from the cycles still open at the end (finished_at null or later: two ranges of
// ticket_tracking_company_finished_idx).
async function openAtEnd(db: DbOrTx, companyId: number, b: Bounds): Promise<Open> {
  const [row] = (await db.execute(sql`
    select count(*) filter (where started_at < ${b.end}::timestamptz)::int as happening,
      count(*) filter (where started_at is null or started_at >= ${b.end}::timestamptz)::int as pending
    from ticket_tracking
    where company_id = ${companyId} and created_at < ${b.end}::timestamptz
      and (finished_at is null or finished_at >= ${b.end}::timestamptz)
  `)) as unknown as Open[];
  return row;
}

// T.M. de Espera (avgWaitTime): average startedAt − queuedAt of the cycles an agent started in the
// range after they had waited (queuedAt before startedAt: a ticket an agent opened or reopened
// himself never waited, and would only pull the average towards zero).
async function waits(db: DbOrTx, companyId: number, b: Bounds): Promise<Waits> {
  const [row] = (await db.execute(sql`
    select coalesce(extract(epoch from sum(started_at - queued_at)), 0)::float8 as seconds, count(*)::int as waited
    from ticket_tracking
    where company_id = ${companyId}
      and started_at >= ${b.start}::timestamptz and started_at < ${b.end}::timestamptz
      and queued_at < started_at
  `)) as unknown as Waits[];
  return row;
}

// Novos Contatos (newContacts): contacts (not groups) created in the range.
async function newContacts(db: DbOrTx, companyId: number, b: Bounds): Promise<number> {
  const [row] = (await db.execute(sql`
    select count(*)::int as n from contacts
    where company_id = ${companyId} and not is_group
      and created_at >= ${b.start}::timestamptz and created_at < ${b.end}::timestamptz
  `)) as unknown as { n: number }[];
  return Number(row.n);
}

export type CounterFacts = { open: Open; waits: Waits; newContacts: number };

/** The counters that are not sums of the finished cycles, read in parallel. */
export async function counterFacts(db: DbOrTx, companyId: number, b: Bounds): Promise<CounterFacts> {
  const [open, w, contacts] = await Promise.all([openAtEnd(db, companyId, b), waits(db, companyId, b), newContacts(db, companyId, b)]);
  return { open, waits: w, newContacts: contacts };
}

/** The cards, from those facts and the finished cycles grouped by user. */
export function buildCounters(f: CounterFacts, finished: FinishedByUser[]): DashboardCounters {
  const total = (k: "finished" | "timed" | "supportSeconds") => finished.reduce((sum, r) => sum + r[k], 0);
  return {
    supportHappening: Number(f.open.happening),
    supportPending: Number(f.open.pending),
    // Finalizados (supportFinished): cycles finished in the range (by an agent, the expiry or the rating flow).
    supportFinished: total("finished"),
    newContacts: f.newContacts,
    // T.M. de Conversa (avgSupportTime): average finishedAt − startedAt of the cycles finished in the
    // range that an agent had started (one closed while still waiting has no support time).
    avgSupportTime: minutes(total("supportSeconds"), total("timed")),
    avgWaitTime: minutes(Number(f.waits.seconds), Number(f.waits.waited)),
  };
}
