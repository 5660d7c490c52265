// Issue 17 "done when": a Typebot flow served by a local stub walks a customer through two questions
// and ends with the finish keyword, through the whole product path: the customer writes (ingest),
// the chatbot hands the ticket to the queue's Typebot integration, the runner (registered
// providers, the real Typebot client) answers through the outbox, and "sair" gives it to an agent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { queueIntegrations, queues } from "@/db/schema";
import { ensureBotProviders } from "@/lib/bots/register-providers";
import { resetEnvCache } from "@/lib/env";
import { botSaid, db, installChatbotHooks, number, setup, ticket, write } from "../helpers/chatbot-env";
import { startTypebotStub } from "../helpers/stubs/typebot-stub";
import { drain, turnsOf } from "./bots-runner-env";

installChatbotHooks();
let tb: Awaited<ReturnType<typeof startTypebotStub>>;
const holder = globalThis as unknown as { __botProvidersRegistered?: boolean };

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  tb = await startTypebotStub();
});
afterAll(async () => {
  await tb.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

it("walks a customer through two questions and ends with the finish keyword", async () => {
  // the product's providers, as the worker registers them at its start
  holder.__botProvidersRegistered = false;
  ensureBotProviders();
  const env = await setup({ queueCount: 1 });
  const [{ id: integrationId }] = await db()
    .insert(queueIntegrations)
    .values({
      companyId: env.companyId,
      type: "typebot",
      name: "Cadastro",
      projectName: "Cadastro",
      urlN8N: tb.url,
      typebotSlug: "two-questions",
      typebotDelayMessage: 10,
      typebotExpires: 5,
      typebotKeywordFinish: "sair",
    })
    .returning({ id: queueIntegrations.id });
  await db().update(queues).set({ integrationId }).where(eq(queues.id, env.queues[0].id));
  const from = number();
  const id = await write(env, from, "Oi");
  await drain();
  expect(await botSaid(id)).toEqual(["Olá! Eu sou o bot.", "Qual é o seu nome?"]);
  await write(env, from, "Ana");
  await drain();
  expect((await botSaid(id)).slice(2)).toEqual(["Prazer, Ana!", "Qual é o seu e-mail?"]);
  await write(env, from, "ana@example.com");
  await drain();
  expect((await botSaid(id)).slice(4)).toEqual(["Obrigado! Digite sair para falar com um atendente."]);
  expect(await ticket(id)).toMatchObject({ useIntegration: true, integrationId });
  await write(env, from, "sair");
  await drain();
  // the agents have it: pending in the queue, no bot, nothing more said
  expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queues[0].id, userId: null, useIntegration: false, integrationId: null });
  expect(await botSaid(id)).toHaveLength(5);
  expect((await turnsOf(id)).map((t) => t.status)).toEqual(["done", "done", "done", "done"]);
  // one chat started, continued twice (the keyword never reached Typebot)
  expect(tb.requests.map((r) => r.path.split("/").at(-1))).toEqual(["startChat", "continueChat", "continueChat"]);
});
