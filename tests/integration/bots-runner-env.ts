// Shared setup of the bot-turn runner tests (issue 17 §3): a tenant whose first queue hands its
// tickets to a bot (an integration or a prompt) answered by a stub provider the test registers.
import { and, asc, eq } from "drizzle-orm";
import { botTurns, prompts, queueIntegrations, queues, whatsapps } from "@/db/schema";
import { drainBotTurns } from "@/lib/bots/runner/drain";
import { db, setup, type Env } from "../helpers/chatbot-env";
import { suffix } from "../helpers/factories";

export type BotEnv = Env & { queueId: number; integrationId: number | null; promptId: number | null };

/** One queue on the connection (entered at once), linked to a new webhook integration or prompt. */
export async function botSetup(kind: "integration" | "prompt" = "integration", where: "queue" | "connection" = "queue"): Promise<BotEnv> {
  const env = await setup({ queueCount: 1 });
  const queueId = env.queues[0].id;
  let integrationId: number | null = null;
  let promptId: number | null = null;
  if (kind === "integration") {
    [{ id: integrationId }] = await db()
      .insert(queueIntegrations)
      .values({ companyId: env.companyId, type: "webhook", name: `hook ${suffix()}` })
      .returning({ id: queueIntegrations.id });
  } else {
    [{ id: promptId }] = await db().insert(prompts).values({ companyId: env.companyId, name: `p ${suffix()}`, prompt: "Seja gentil" }).returning({ id: prompts.id });
  }
  if (where === "queue") await db().update(queues).set({ integrationId, promptId }).where(eq(queues.id, queueId));
  else {
    await db().update(whatsapps).set({ integrationId, promptId }).where(eq(whatsapps.id, env.whatsappId));
  }
  return { ...env, queueId, integrationId, promptId };
}

/** Runs every due turn (the runner as the scheduler and Inngest call it). */
export const drain = () => drainBotTurns(db());

/** A ticket's turns, oldest first. */
export const turnsOf = (ticketId: number) => db().select().from(botTurns).where(eq(botTurns.ticketId, ticketId)).orderBy(asc(botTurns.id));

export const openTurns = (ticketId: number) =>
  db().select().from(botTurns).where(and(eq(botTurns.ticketId, ticketId), eq(botTurns.status, "pending")));

/** A promise with its resolve, to hold a stub provider until the test lets it answer. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { opened, open };
}
