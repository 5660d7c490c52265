import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueIntegrations, queues, type ScheduleEntry } from "@/db/schema";
import type { integrationTypes } from "@/db/schema/integrations";
import { getBotProvider } from "@/lib/bots/registry";
import type { BotTarget } from "@/lib/bots/types";

/** A queue as the bot reads it. */
export type BotQueue = {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: ScheduleEntry[];
  integrationId: number | null;
  promptId: number | null;
};

/** The connection's bot fields. */
export type BotConnection = {
  id: number;
  greetingMessage: string;
  outOfHoursMessage: string;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  /** the connection's own bot: the default of its queues that have none (enter-queue.ts) */
  integrationId: number | null;
  promptId: number | null;
};

/** One queue of the company (a ticket's queue may have been set by an agent, off the connection's list). */
export async function loadQueue(db: DbOrTx, companyId: number, queueId: number): Promise<BotQueue | null> {
  const [row] = await db
    .select({
      id: queues.id,
      name: queues.name,
      greetingMessage: queues.greetingMessage,
      outOfHoursMessage: queues.outOfHoursMessage,
      schedules: queues.schedules,
      integrationId: queues.integrationId,
      promptId: queues.promptId,
    })
    .from(queues)
    .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
  return row ?? null;
}

/**
 * The bot a queue (or a ticket already handed over) talks through: its integration when a provider
 * answers that integration's type, else its prompt when a provider answers prompts; null when
 * neither is set or no provider is configured (the ticket then waits for an agent).
 */
export async function botTargetOf(
  db: DbOrTx,
  companyId: number,
  ids: { integrationId: number | null; promptId: number | null },
): Promise<BotTarget | null> {
  if (ids.integrationId !== null) {
    const [integration] = await db
      .select({ type: queueIntegrations.type })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.id, ids.integrationId), eq(queueIntegrations.companyId, companyId)));
    if (integration) {
      const target: BotTarget = {
        kind: "integration",
        integrationId: ids.integrationId,
        type: integration.type as (typeof integrationTypes)[number],
      };
      if (getBotProvider(target)) return target;
    }
  }
  if (ids.promptId !== null) {
    const target: BotTarget = { kind: "prompt", promptId: ids.promptId };
    if (getBotProvider(target)) return target;
  }
  return null;
}
