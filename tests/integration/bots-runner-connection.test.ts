// A connection's own bot (admin §2.2 dialog: promptId, integration): the API takes the spec's
// `integration` and the code's `integrationId`, only the company's ids; the bot answers the
// tickets of the connection's queues that have no bot of their own.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getConnection, PUT as putConnection } from "@/app/api/whatsapp/[id]/route";
import { prompts, queueIntegrations, queues, whatsapps } from "@/db/schema";
import { registerBotProvider } from "@/lib/bots/registry";
import { updateConnectionSchema } from "@/lib/connections/schemas";
import { botSaid, db, installChatbotHooks, number, setup, ticket, write } from "../helpers/chatbot-env";
import { createTenant, loginAs, suffix } from "../helpers/factories";
import { call } from "../helpers/http";
import { drain } from "./bots-runner-env";

installChatbotHooks();

const newIntegration = async (companyId: number) =>
  (await db().insert(queueIntegrations).values({ companyId, type: "webhook", name: `hook ${suffix()}` }).returning({ id: queueIntegrations.id }))[0].id;
const newPrompt = async (companyId: number) =>
  (await db().insert(prompts).values({ companyId, name: `p ${suffix()}`, prompt: "Seja gentil" }).returning({ id: prompts.id }))[0].id;

describe("connection bot fields", () => {
  it("`integration` is the same field as `integrationId` (which wins when both come)", () => {
    expect(updateConnectionSchema.parse({ integration: 4 })).toEqual({ integrationId: 4 });
    expect(updateConnectionSchema.parse({ integration: 4, integrationId: 5 })).toEqual({ integrationId: 5 });
    expect(updateConnectionSchema.parse({ integration: "" })).toEqual({ integrationId: null });
  });

  it("PUT /api/whatsapp/{id} saves the prompt and the integration; another company's ids are 404", async () => {
    const env = await setup({ queueCount: 1 });
    const { token } = await loginAs(env.admin);
    const integrationId = await newIntegration(env.companyId);
    const promptId = await newPrompt(env.companyId);
    const params = { id: String(env.whatsappId) };
    const url = `/api/whatsapp/${env.whatsappId}`;
    const res = await call(putConnection, { method: "PUT", url, token, params, body: { integration: integrationId, promptId } });
    expect(res.status).toBe(200);
    const got = await call(getConnection, { url, token, params });
    expect(got.body).toMatchObject({ integrationId, promptId });
    const other = await createTenant();
    const theirs = await newIntegration(other.companyId);
    const refused = await call(putConnection, { method: "PUT", url, token, params, body: { integration: theirs } });
    expect(refused.status).toBe(404);
    const theirPrompt = await newPrompt(other.companyId);
    expect((await call(putConnection, { method: "PUT", url, token, params, body: { promptId: theirPrompt } })).status).toBe(404);
    expect((await db().select().from(whatsapps).where(eq(whatsapps.id, env.whatsappId)))[0]).toMatchObject({ integrationId, promptId });
  });

  it("the connection's prompt answers in a queue without a bot; a queue's own bot wins", async () => {
    const env = await setup({ queueCount: 1 });
    const promptId = await newPrompt(env.companyId);
    await db().update(whatsapps).set({ promptId }).where(eq(whatsapps.id, env.whatsappId));
    registerBotProvider("openai", { turn: async (c) => [{ type: "text", body: `IA: ${c.body}` }] });
    registerBotProvider("webhook", { turn: async (c) => [{ type: "text", body: `fila: ${c.body}` }] });
    const id = await write(env, number(), "Oi");
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, useIntegration: true, promptId, integrationId: null });
    await drain();
    expect(await botSaid(id)).toEqual(["IA: Oi"]);
    const integrationId = await newIntegration(env.companyId);
    await db().update(queues).set({ integrationId }).where(eq(queues.id, env.queues[0].id));
    const other = await write(env, number(), "Olá");
    await drain();
    expect(await botSaid(other)).toEqual(["fila: Olá"]);
  });
});
