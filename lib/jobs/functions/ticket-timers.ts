import { getDb } from "@/db";
import { expireInactiveTickets, transferDueTickets } from "@/lib/chatbot/ticket-timers";
import { inngest } from "../client";

/** Tickets one step handles; a busier minute takes more steps, each retried on its own. */
export const TIMER_BATCH = 100;
const MAX_BATCHES = 20;

type Rule = (now: Date, limit: number) => Promise<{ count: number }>;
type RunStep = (id: string, fn: () => Promise<number>) => Promise<number>;

// The clock is a step of its own: every retry of a batch judges "due" at the same moment, and a
// test replaces it (@inngest/test mocks the "clock" step) instead of sleeping.
async function drain(name: string, clock: string, run: RunStep, rule: Rule): Promise<number> {
  const now = new Date(clock);
  let total = 0;
  for (let i = 1; i <= MAX_BATCHES; i++) {
    const n = await run(`${name}-${i}`, async () => (await rule(now, TIMER_BATCH)).count);
    total += n;
    if (n < TIMER_BATCH) break;
  }
  return total;
}

/**
 * Every minute: pending tickets that waited timeToTransfer minutes without a queue move to their
 * connection's transfer queue (lib/chatbot/transfer-due-tickets: idempotent, SKIP LOCKED).
 */
export const transferWaitingTicketsEveryMinute = inngest.createFunction(
  { id: "transfer-waiting-tickets", name: "Move waiting tickets to the transfer queue", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const clock = await step.run("clock", () => new Date().toISOString());
    const transferred = await drain("transfer-due-tickets", clock, (id, fn) => step.run(id, fn), (now, limit) => transferDueTickets(getDb(), now, limit));
    return { transferred };
  },
);

/**
 * Every minute: open tickets whose last message is ours and that the customer left unanswered for
 * expiresTicket minutes are closed, after the inactivity message (lib/chatbot/expire-inactive-tickets:
 * idempotent; a customer waiting for us is never closed).
 */
export const closeInactiveTicketsEveryMinute = inngest.createFunction(
  { id: "close-inactive-tickets", name: "Close inactive tickets", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const clock = await step.run("clock", () => new Date().toISOString());
    const closed = await drain("expire-inactive-tickets", clock, (id, fn) => step.run(id, fn), (now, limit) => expireInactiveTickets(getDb(), now, limit));
    return { closed };
  },
);
