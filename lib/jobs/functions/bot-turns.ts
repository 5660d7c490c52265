import { getDb } from "@/db";
import { ensureBotProviders } from "@/lib/bots/register-providers";
import { drainBotTurns } from "@/lib/bots/runner/drain";
import { botTurnCreated, inngest } from "../client";
import { drainBatches } from "./drain";

/** Turns one step runs (each may wait up to 20 s for its provider). */
export const TICKET_TURNS_PER_STEP = 5;
/** Turns one sweep step runs across tickets (side by side, four tickets at a time). */
export const SWEEP_TURNS_PER_STEP = 20;
const MAX_STEPS = 10;

/**
 * A bot turn was written: the ticket's due turns run, in order (claimTurn: one ticket's turns never
 * at once, here or in the sweep or the embedded scheduler). One run per ticket at a time; a turn
 * whose step is retried after a crash is taken over when its lease runs out.
 */
export const runBotTurnsOnEvent = inngest.createFunction(
  {
    id: "bot-turns-ticket",
    name: "Bots: run a ticket's turns",
    concurrency: { scope: "env" as const, key: "event.data.ticketId", limit: 1 },
    triggers: [botTurnCreated],
  },
  async ({ event, step }) =>
    drainBatches(MAX_STEPS, (i) =>
      step.run(`turns-${i}`, async () => {
        ensureBotProviders();
        const { ran, full } = await drainBotTurns(getDb(), { ticketId: event.data.ticketId, limit: TICKET_TURNS_PER_STEP });
        return { ran, full };
      }),
    ),
);

/** Every minute, the safety net: turns whose event was lost, and turns of a runner that died (lease over). */
export const runBotTurnsEveryMinute = inngest.createFunction(
  { id: "bot-turns-sweep", name: "Bots: run due turns", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) =>
    drainBatches(MAX_STEPS, (i) =>
      step.run(`turns-${i}`, async () => {
        ensureBotProviders();
        const { ran, full } = await drainBotTurns(getDb(), { limit: SWEEP_TURNS_PER_STEP });
        return { ran, full };
      }),
    ),
);
