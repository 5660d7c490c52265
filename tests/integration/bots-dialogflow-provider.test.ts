import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as testSessionRoute } from "@/app/api/queueIntegration/testSession/route";
import { POST as postRoute } from "@/app/api/queueIntegration/route";
import { dialogflowProvider } from "@/lib/bots/providers/dialogflow";
import { setDialogflowEndpoint } from "@/lib/bots/providers/dialogflow/client";
import { resetEnvCache } from "@/lib/env";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import { botSetup } from "../helpers/stubs/bot-context";
import { startDialogflowStub } from "../helpers/stubs/dialogflow-stub";

// Dialogflow ES over REST against a local stub of Google's token endpoint (the JSON's token_uri)
// and of detectIntent (the API endpoint pointed at the stub): the provider and the dialog's test.
let df: Awaited<ReturnType<typeof startDialogflowStub>>;
let t: Tenant;
let admin: string;
let agent: string;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  df = await startDialogflowStub();
  setDialogflowEndpoint(df.url);
  t = await createTenant({ chatbot: false });
  [admin, agent] = (await Promise.all([loginAs(t.admin), loginAs(t.agent)])).map((s) => s.token);
});
afterAll(async () => {
  setDialogflowEndpoint(null);
  await df.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

const testSession = (token: string, body: Json) => call(testSessionRoute, { method: "POST", url: "/api/queueIntegration/testSession", token, body });

describe("dialogflowProvider", () => {
  it("detects the intent in the ticket's session and language; sends the fulfilment text", async () => {
    const env = await botSetup("dialogflow", { projectName: "meu-agente", language: "es", jsonContent: df.serviceAccount() });
    expect(await dialogflowProvider.turn(env.ctx("quero um orçamento"))).toEqual([{ type: "text", body: "Você disse: quero um orçamento" }]);
    expect(df.detects.at(-1)).toEqual({ project: "meu-agente", session: env.ticket.uuid, languageCode: "es", text: "quero um orçamento" });
  });

  it("an end-of-conversation intent hands the ticket to an agent after its text", async () => {
    const env = await botSetup("dialogflow", { projectName: "meu-agente", language: "pt-BR", jsonContent: df.serviceAccount() }, t);
    expect(await dialogflowProvider.turn(env.ctx("quero falar com um atendente"))).toEqual([
      { type: "text", body: "Vou chamar um atendente." },
      { type: "handoff" },
    ]);
  });

  it("credentials the token endpoint refuses throw a clear error", async () => {
    const env = await botSetup("dialogflow", { projectName: "meu-agente", jsonContent: df.serviceAccount({ wrongKey: true }) }, t);
    await expect(dialogflowProvider.turn(env.ctx("oi"))).rejects.toThrow(/credentials were refused \(Invalid JWT Signature\.\)/);
    const broken = await botSetup("dialogflow", { projectName: "meu-agente", jsonContent: JSON.stringify({ ...JSON.parse(df.serviceAccount()), private_key: "nope" }) }, t);
    await expect(dialogflowProvider.turn(broken.ctx("oi"))).rejects.toThrow(/private_key is not a valid RSA private key/);
  });
});

describe("POST /api/queueIntegration/testSession", () => {
  it("answers the agent's reply to a greeting in the language, or the text sent", async () => {
    const res = await testSession(admin, { projectName: "stub-project", jsonContent: df.serviceAccount(), language: "en" });
    expect(res.body).toEqual({ ok: true, answer: "Você disse: Hello", intent: "Default Fallback Intent", endConversation: false });
    const tchau = await testSession(admin, { projectName: "stub-project", jsonContent: df.serviceAccount(), language: "pt-BR", text: "tchau" });
    expect(tchau.body).toMatchObject({ ok: true, answer: "Vou chamar um atendente.", endConversation: true });
  });

  it("uses a saved integration's JSON when the dialog sends none", async () => {
    const created = await call(postRoute, {
      method: "POST",
      url: "/api/queueIntegration",
      token: admin,
      body: { type: "dialogflow", name: "Agente", projectName: "stub-project", jsonContent: df.serviceAccount() },
    });
    const res = await testSession(admin, { projectName: "stub-project", jsonContent: "", language: "es", id: created.body.id });
    expect(res.body).toMatchObject({ ok: true, answer: "Você disse: Hola" });
  });

  it("errors are clear: bad JSON is a 400, refused credentials an ok:false answer; admins only", async () => {
    expect(await testSession(admin, { projectName: "p", jsonContent: "{", language: "pt-BR" })).toMatchObject({
      status: 400,
      body: { error: "ERR_VALIDATION", issues: [{ path: "jsonContent", message: "invalidJson" }] },
    });
    const refused = await testSession(admin, { projectName: "p", jsonContent: df.serviceAccount({ wrongKey: true }), language: "pt-BR" });
    expect(refused.body).toEqual({ ok: false, error: expect.stringMatching(/credentials were refused/) });
    expect((await testSession(agent, { projectName: "p", jsonContent: df.serviceAccount(), language: "pt-BR" })).status).toBe(403);
  });
});
