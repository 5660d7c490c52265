import type { Db } from "@/db";
import { claimTurn } from "./claim";
import { runTurn, type TurnOutcome } from "./run-turn";

/** Tickets whose turns run side by side in one runner (each ticket's own turns one at a time). */
export const BOT_CONCURRENCY = 4;

export type DrainResult = { ran: number; outcomes: Partial<Record<TurnOutcome, number>>; full: boolean };

/**
 * Runs due bot turns until none is left or `limit` ran: `concurrency` lanes, each claiming the next
 * turn (claimTurn: one ticket's turns never at once, across lanes and processes) and running it.
 * `ticketId` runs only that ticket's turns (the Inngest function of one ticket's event). The
 * embedded scheduler's loop and the Inngest functions both call this.
 */
export async function drainBotTurns(
  db: Db,
  { concurrency = BOT_CONCURRENCY, limit = 50, ticketId, now = () => new Date() }: { concurrency?: number; limit?: number; ticketId?: number; now?: () => Date } = {},
): Promise<DrainResult> {
  const outcomes: Partial<Record<TurnOutcome, number>> = {};
  let ran = 0;
  let claims = 0;
  const lane = async () => {
    while (claims < limit) {
      claims++;
      const turn = await claimTurn(db, { now: now(), ticketId });
      if (!turn) {
        claims--;
        return;
      }
      const outcome = await runTurn(db, turn).catch((err) => {
        // runTurn records failures itself: this is the database away mid-turn; the lease brings it back
        console.error(`[bots] turn ${turn.id} stopped:`, (err as Error).message);
        return "failed" as const;
      });
      ran++;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    }
  };
  await Promise.all(Array.from({ length: ticketId === undefined ? concurrency : 1 }, lane));
  return { ran, outcomes, full: claims >= limit };
}
