import type { Db } from "@/db";
import { expireInactiveTickets } from "./expire-inactive-tickets";
import { transferDueTickets } from "./transfer-due-tickets";

export { expireInactiveTickets } from "./expire-inactive-tickets";
export { transferDueTickets } from "./transfer-due-tickets";

/** One pass of both timed ticket rules (auto-transfer first, then expiry), a batch of each. */
export async function runTicketTimers(db: Db, now: Date = new Date(), limit = 100) {
  const transferred = (await transferDueTickets(db, now, limit)).count;
  const closed = (await expireInactiveTickets(db, now, limit)).count;
  return { transferred, closed, full: transferred >= limit || closed >= limit };
}
