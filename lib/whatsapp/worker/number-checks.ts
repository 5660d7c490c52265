import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/api/errors";
import type { NumberCheckResults, WhatsAppConnection } from "../types";
import type { ConnectionRef, NumberChecks } from "./types";

/** `batch` numbers in one lookup, the next one `minMs` to `maxMs` later (at random), `perDay` at most. */
export type NumberCheckPace = { batch: number; minMs: number; maxMs: number; perDay: number };

// Background number checks on a real number: up to 50 numbers in one lookup every 15-30 s, 1,000 a day at most.
export const NUMBER_CHECK_PACE: NumberCheckPace = { batch: 50, minMs: 15_000, maxMs: 30_000, perDay: 1000 };

/** The lookups a connection made today so far, as the database has them: `day` is YYYY-MM-DD (UTC). */
export type CheckCount = { day: string | null; count: number };

/**
 * One connection's lookups: when the next batch may go, and how many went today (UTC), starting
 * from what the database counted (`seed`: a restarted worker goes on counting); `onSpend` records
 * each spending there.
 */
export function createCheckBudget(pace: NumberCheckPace, seed: CheckCount = { day: null, count: 0 }, onSpend?: (n: number) => void) {
  let nextAt = 0;
  let day = seed.day ?? "";
  let count = seed.count;
  const today = () => {
    const d = new Date().toISOString().slice(0, 10);
    if (d !== day) [day, count] = [d, 0];
  };
  return {
    pace,
    /** the next batch's time last written (planned), so it is written once; undefined: never */
    announced: undefined as number | null | undefined,
    due: () => Date.now() >= nextAt,
    /** how many may be asked in the next batch */
    room() {
      today();
      return Math.min(pace.batch, pace.perDay - count);
    },
    spend(n: number) {
      today();
      count += n;
      if (n > 0) onSpend?.(n);
    },
    /** a batch went: the next one waits minMs to maxMs, at random; answers that time */
    rest() {
      nextAt = Date.now() + pace.minMs + Math.random() * (pace.maxMs - pace.minMs);
      return nextAt;
    },
    /** when today's cap is spent: the next batch goes when the day (UTC) turns */
    tomorrow: () => new Date().setUTCHours(24, 0, 0, 0),
  };
}

export type CheckBudget = ReturnType<typeof createCheckBudget>;

const UTC_TODAY = sql`(now() at time zone 'utc')::date`;

/** Today's lookups of a connection so far (whatsapps.number_checks_day/count, migration 0018). */
export async function loadCheckCount(db: DbOrTx, whatsappId: number): Promise<CheckCount> {
  const [row] = (await db.execute(sql`
    select number_checks_day::text as day, number_checks_count as count from whatsapps where id = ${whatsappId}
  `)) as unknown as { day: string | null; count: number }[];
  return row ? { day: row.day, count: row.count } : { day: null, count: 0 };
}

/** `n` more lookups today (a new day starts again from them). */
export async function addCheckCount(db: DbOrTx, whatsappId: number, n: number) {
  await db.execute(sql`
    update whatsapps set
      number_checks_count = case when number_checks_day = ${UTC_TODAY} then number_checks_count + ${n} else ${n} end,
      number_checks_day = ${UTC_TODAY}
    where id = ${whatsappId}
  `);
}

type Connection = { ref: ConnectionRef; conn: WhatsAppConnection; connected: boolean; sending: boolean; checking: boolean; budget: CheckBudget };
type Options = { checks: NumberChecks; perTick: number; stopped: () => boolean; log: (line: string) => void };

/**
 * A batch of unchecked contact-list numbers of this connection's company, asked of the provider in
 * one lookup (checkNumbers). A real number (not the sandbox) asks up to 50 at a time, 15-30 s apart
 * (at random), never while it is sending, and up to a daily cap that the campaigns' own lookups
 * share: many lookups in a row are what WhatsApp reads as a spammer's (issue 33 part 6). When its
 * batch goes it writes the next one's time (planned), for the contact list page's progress line.
 * The simulated phone asks at every tick and writes no time.
 */
export async function runNumberChecks(r: Connection, o: Options) {
  if (r.checking || !r.connected || o.stopped()) return;
  const paced = r.ref.provider !== "sandbox";
  if (paced && (r.sending || !r.budget.due())) return;
  const limit = paced ? r.budget.room() : o.perTick;
  if (limit <= 0) {
    if (paced) await announce(r, o, r.budget.tomorrow());
    return;
  }
  r.checking = true;
  let rested = false;
  try {
    const batch = await o.checks.claim(r.ref, limit);
    r.budget.spend(batch.length);
    if (paced) {
      rested = true;
      const next = r.budget.rest();
      // before the answers are recorded: their event is what makes the page read it again
      await announce(r, o, batch.length ? next : null);
    }
    if (!batch.length) return;
    const answers = await ask(r.conn, batch.map((item) => item.number), o);
    // null: the provider could not tell (checked again later)
    const valid = (n: string) => (answers.has(n) ? answers.get(n) !== null : null);
    await o.checks.record(r.ref, batch.map((item) => ({ id: item.id, valid: valid(item.number) })));
  } catch (err) {
    o.log(`number checks of connection ${r.ref.id} failed: ${(err as Error).message}`);
  } finally {
    r.checking = false;
    if (paced && !rested) r.budget.rest();
  }
}

/** One lookup for the batch; a provider without checkNumbers is asked a number at a time. A failed lookup: all unknown. */
async function ask(conn: WhatsAppConnection, numbers: string[], o: Options): Promise<NumberCheckResults> {
  if (conn.checkNumbers) {
    return conn.checkNumbers(numbers).catch((err: unknown) => {
      o.log(`number lookup failed: ${(err as Error).message}`);
      return new Map();
    });
  }
  const answers: NumberCheckResults = new Map();
  for (const n of numbers) {
    if (o.stopped()) break;
    try {
      answers.set(n, await conn.checkNumber(n));
    } catch (err) {
      if ((err instanceof AppError ? err.code : (err as Error).message) === "ERR_WAPP_INVALID_CONTACT") answers.set(n, null);
    }
  }
  return answers;
}

/** Writes the next batch's time when it changed; a failed write only costs the page's countdown. */
async function announce(r: Connection, o: Options, at: number | null) {
  if (!o.checks.planned || r.budget.announced === at) return;
  try {
    await o.checks.planned(r.ref, at === null ? null : new Date(at));
    r.budget.announced = at;
  } catch (err) {
    o.log(`writing the next number check of connection ${r.ref.id} failed: ${(err as Error).message}`);
  }
}
