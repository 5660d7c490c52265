import { AppError } from "@/lib/api/errors";
import type { WhatsAppConnection } from "../types";
import type { ConnectionRef, NumberChecks } from "./types";

export type NumberCheckPace = { batch: number; intervalMs: number; perDay: number };

// Background number checks on a real number: 10 numbers every 20 s (±25%), 1,000 a day at most.
export const NUMBER_CHECK_PACE: NumberCheckPace = { batch: 10, intervalMs: 20_000, perDay: 1000 };

/** One connection's lookups: when the next batch may go, and how many went today (UTC). */
export function createCheckBudget(pace: NumberCheckPace) {
  let nextAt = 0;
  let day = "";
  let count = 0;
  const today = () => {
    const d = new Date().toISOString().slice(0, 10);
    if (d !== day) [day, count] = [d, 0];
  };
  return {
    pace,
    due: () => Date.now() >= nextAt,
    /** how many may be asked in the next batch */
    room() {
      today();
      return Math.min(pace.batch, pace.perDay - count);
    },
    spend(n: number) {
      today();
      count += n;
    },
    /** a batch went: the next one waits the interval, ±25% */
    rest() {
      nextAt = Date.now() + pace.intervalMs * (0.75 + Math.random() * 0.5);
    },
  };
}

export type CheckBudget = ReturnType<typeof createCheckBudget>;

type Connection = { ref: ConnectionRef; conn: WhatsAppConnection; connected: boolean; sending: boolean; checking: boolean; budget: CheckBudget };

/**
 * A few unchecked contact-list numbers of this connection's company, each asked of the provider.
 * A real number (not the sandbox) asks in small batches a while apart (with jitter), never while it
 * is sending, and up to a daily cap that the campaigns' own lookups share: many lookups in a row are
 * what WhatsApp reads as a spammer's (issue 33 part 6). The simulated phone asks at every tick.
 */
export async function runNumberChecks(r: Connection, o: { checks: NumberChecks; perTick: number; stopped: () => boolean; log: (line: string) => void }) {
  if (r.checking || !r.connected || o.stopped()) return;
  const paced = r.ref.provider !== "sandbox";
  if (paced && (r.sending || !r.budget.due())) return;
  const limit = paced ? r.budget.room() : o.perTick;
  if (limit <= 0) return;
  r.checking = true;
  try {
    const batch = await o.checks.claim(r.ref, limit);
    r.budget.spend(batch.length);
    const results: { id: number; valid: boolean | null }[] = [];
    for (const item of batch) {
      if (o.stopped() || !r.connected) break;
      try {
        await r.conn.checkNumber(item.number);
        results.push({ id: item.id, valid: true });
      } catch (err) {
        results.push({ id: item.id, valid: (err instanceof AppError ? err.code : (err as Error).message) === "ERR_WAPP_INVALID_CONTACT" ? false : null });
      }
    }
    if (results.length) await o.checks.record(r.ref, results);
  } catch (err) {
    o.log(`number checks of connection ${r.ref.id} failed: ${(err as Error).message}`);
  } finally {
    r.checking = false;
    if (paced) r.budget.rest();
  }
}
