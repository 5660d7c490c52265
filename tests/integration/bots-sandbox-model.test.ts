// The demo's sales assistant end to end, without the internet (issue 17 in the demo): the seeded
// prompt on the second queue points at the app's sandbox model; the customer picks that queue,
// the real runner with the real OpenAI provider calls the model over HTTP through the outbound
// guard (loopback allowed for exactly that URL), and the model's hand-off gives the ticket to agents.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prompts, queues } from "@/db/schema";
import { registerBotProvider } from "@/lib/bots/registry";
import { createOpenAiProvider } from "@/lib/bots/providers/openai";
import { REPLIES } from "@/lib/bots/sandbox-model/replies";
import { DEMO_PROMPT_NAME, followSandboxModelAddress, seedBots } from "@/lib/demo/seed-bots";
import { resetEnvCache } from "@/lib/env";
import { botSaid, db, installChatbotHooks, number, setup, ticket, write } from "../helpers/chatbot-env";
import { startSandboxModelServer } from "../helpers/stubs/sandbox-model-server";
import { drain, turnsOf } from "./bots-runner-env";

installChatbotHooks();
let server: Awaited<ReturnType<typeof startSandboxModelServer>>;

beforeAll(async () => {
  server = await startSandboxModelServer();
  Object.assign(process.env, { APP_URL: server.origin, SANDBOX_ENABLED: "1" });
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});
afterAll(async () => {
  await server.close();
  process.env.APP_URL = "http://127.0.0.1:3000";
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

it("seeds the prompt once, on the queue, pointed at the sandbox model", async () => {
  const env = await setup();
  const sales = env.queues[1].id;
  expect(await seedBots(db(), { companyId: env.companyId, queueId: sales })).toBe(true);
  expect(await seedBots(db(), { companyId: env.companyId, queueId: sales })).toBe(false);
  const rows = await db().select().from(prompts).where(eq(prompts.companyId, env.companyId));
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ name: DEMO_PROMPT_NAME, queueId: sales, baseUrl: `${server.origin}/api/sandbox/openai/v1` });
  expect(rows[0].apiKey).not.toContain("sandbox-demo");
  const [queue] = await db().select().from(queues).where(eq(queues.id, sales));
  expect(queue.promptId).toBe(rows[0].id);
  // a later demo start on another address: the prompt follows it; another model's prompt stays
  const [other] = await db().insert(prompts).values({ companyId: env.companyId, name: "Outro", prompt: "x", baseUrl: "https://api.openai.com/v1" }).returning();
  process.env.APP_URL = "http://127.0.0.1:3999";
  resetEnvCache();
  try {
    await followSandboxModelAddress(db());
    const after = await db().select({ id: prompts.id, baseUrl: prompts.baseUrl }).from(prompts).where(eq(prompts.companyId, env.companyId));
    expect(after.find((p) => p.id === rows[0].id)!.baseUrl).toBe("http://127.0.0.1:3999/api/sandbox/openai/v1");
    expect(after.find((p) => p.id === other.id)!.baseUrl).toBe("https://api.openai.com/v1");
  } finally {
    process.env.APP_URL = server.origin;
    resetEnvCache();
    await followSandboxModelAddress(db());
    await db().delete(prompts).where(eq(prompts.id, other.id));
  }
});

it("a customer who picks the queue talks to the sandbox model through the runner; asking for a person hands the ticket over", async () => {
  const env = await setup();
  const sales = env.queues[1].id;
  await seedBots(db(), { companyId: env.companyId, queueId: sales });
  registerBotProvider("openai", createOpenAiProvider({ timeoutMs: 5_000 }));
  const from = number();
  const id = await write(env, from, "Oi");
  await write(env, from, "2");
  await drain();
  const said = await botSaid(id);
  expect(said.at(-1)).toMatch(/^Olá, .+! Sou o assistente virtual da Empresa Demo\./);
  expect(server.calls.filter((c) => c.endsWith("/chat/completions"))).toHaveLength(1);

  await write(env, from, "Quanto custa e qual o prazo de entrega?");
  await drain();
  expect((await botSaid(id)).at(-1)).toBe(`${REPLIES.pt.prices} ${REPLIES.pt.delivery}`);

  await write(env, from, "Quero falar com um atendente");
  await drain();
  expect((await botSaid(id)).at(-1)).toBe(REPLIES.pt.human);
  expect(await ticket(id)).toMatchObject({ status: "pending", queueId: sales, userId: null, useIntegration: false, promptId: null });
  expect((await turnsOf(id)).map((t) => t.status)).toEqual(["done", "done", "done"]);
  const [prompt] = await db().select().from(prompts).where(and(eq(prompts.companyId, env.companyId), eq(prompts.name, DEMO_PROMPT_NAME)));
  expect(prompt.lastError ?? null).toBeNull();

  // the agents have it: the model is not asked again
  const asked = server.calls.length;
  await write(env, from, "alô?");
  await drain();
  expect(server.calls.length).toBe(asked);
});
