import { and, eq, like, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts, queues } from "@/db/schema";
import { SANDBOX_MODEL_KEY, SANDBOX_MODEL_PATH, sandboxModelBaseUrl } from "@/lib/bots/sandbox-model/base-url";
import { sealSecret } from "@/lib/crypto/secret-box";
import { getEnv } from "@/lib/env";
import { attachQueue } from "@/lib/prompts/attach-queue";

export const DEMO_PROMPT_NAME = "Assistente de vendas";

export const DEMO_PROMPT_TEXT = [
  "Você é o assistente virtual de vendas da Empresa Demo.",
  "Responda de forma curta e gentil, no idioma do cliente, sobre preços, horário de atendimento e entrega.",
  "Se o cliente pedir um atendente humano, responda [[ATENDENTE]].",
].join("\n");

const SALES_GREETING = "Você está na fila de Vendas. Nosso assistente virtual vai te atender agora.";

/**
 * The demo's AI prompt (issue 17 in the demo): on the Vendas queue, answered by the app's own
 * sandbox model (APP_URL/api/sandbox/openai/v1, lib/bots/sandbox-model) with the demo's key, so a
 * customer choosing Vendas on the sandbox phone talks to a bot with no internet. Idempotent: a
 * company that already has a prompt of that name keeps it as it is.
 */
export async function seedBots(db: DbOrTx, { companyId, queueId }: { companyId: number; queueId: number }): Promise<boolean> {
  const [existing] = await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.name, DEMO_PROMPT_NAME)));
  if (existing) return false;
  const [row] = await db
    .insert(prompts)
    .values({ companyId, name: DEMO_PROMPT_NAME, prompt: DEMO_PROMPT_TEXT, queueId, maxTokens: 200, temperature: 0.2,
      apiKey: sealSecret(SANDBOX_MODEL_KEY), baseUrl: sandboxModelBaseUrl(getEnv()) })
    .returning({ id: prompts.id });
  await attachQueue(db, companyId, row.id, queueId);
  // the queue's greeting said an agent would answer: the bot does now
  await db.update(queues).set({ greetingMessage: SALES_GREETING }).where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
  return true;
}

/**
 * A later demo start on another address (PORT, APP_URL): prompts on the app's sandbox model follow
 * it, so the seeded assistant keeps answering. Demo only (the launcher's seed step).
 */
export async function followSandboxModelAddress(db: DbOrTx): Promise<void> {
  const url = sandboxModelBaseUrl(getEnv());
  await db
    .update(prompts)
    .set({ baseUrl: url })
    .where(and(like(prompts.baseUrl, `%${SANDBOX_MODEL_PATH}`), ne(prompts.baseUrl, url)));
}
