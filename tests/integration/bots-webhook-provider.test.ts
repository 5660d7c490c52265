import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookProvider } from "@/lib/bots/providers/webhook";
import { resetEnvCache } from "@/lib/env";
import { OutboundBlockedError } from "@/lib/net";
import { botSetup, kindsOf, textsOf } from "../helpers/stubs/bot-context";
import { startWebhookStub } from "../helpers/stubs/webhook-stub";

// The n8n/webhook provider against a local receiver: what it POSTs, the answer shapes it takes,
// the hand-off, and the failures that hand the ticket to an agent (a throw).
let hook: Awaited<ReturnType<typeof startWebhookStub>>;

beforeAll(async () => {
  hook = await startWebhookStub();
});
afterAll(() => hook.close());
const allowPrivate = () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
};
afterEach(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("webhookProvider", () => {
  it("POSTs ticket, contact, message, connection and isFirst to the stored URL; answers the texts", async () => {
    allowPrivate();
    const env = await botSetup("n8n", { urlN8N: hook.hookUrl, projectName: "n8n bot" });
    hook.setReply({ json: { text: "Olá, Maria!" } });
    const before = hook.requests.length;
    const actions = await webhookProvider.turn(env.ctx("oi, quero ajuda http://evil.example.com"));
    expect(actions).toEqual([{ type: "text", body: "Olá, Maria!" }]);
    const sent = hook.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", path: "/webhook/test" });
    expect(sent[0].headers["content-type"]).toBe("application/json");
    expect(sent[0].json).toEqual({
      ticket: { id: env.ticket.id, uuid: env.ticket.uuid, queueId: env.tenant.queueIds[0] },
      contact: { name: "Maria Souza", number: "5531999990000" },
      message: { id: expect.any(Number), body: "oi, quero ajuda http://evil.example.com", mediaType: null },
      connection: { id: env.tenant.whatsappId, name: expect.any(String), number: expect.any(String) },
      isFirst: true,
    });
  });

  it("takes every answer shape: text, texts, messages, a list, n8n's one-item list, text/plain, empty; handoff after the texts", async () => {
    allowPrivate();
    const env = await botSetup("webhook", { urlN8N: hook.hookUrl });
    const cases: [Parameters<typeof hook.setReply>[0], string[]][] = [
      [{ json: { texts: ["um", "dois"] } }, ["text", "text"]],
      [{ json: { messages: [{ text: "a" }, { text: "b" }, { text: "c" }] } }, ["text", "text", "text"]],
      [{ json: ["x", "y"] }, ["text", "text"]],
      [{ json: [{ texts: ["n8n"] }] }, ["text"]],
      [{ raw: "plain answer", contentType: "text/plain; charset=utf-8" }, ["text"]],
      [{ status: 204, raw: "" }, []],
      [{ json: {} }, []],
      [{ json: { text: "Vou chamar alguém", handoff: true } }, ["text", "handoff"]],
      [{ json: { handoff: true } }, ["handoff"]],
    ];
    for (const [reply, kinds] of cases) {
      hook.setReply(reply);
      expect(kindsOf(await webhookProvider.turn(env.ctx("oi")))).toEqual(kinds);
    }
    hook.setReply({ json: { texts: ["um", "  ", "dois"] } });
    expect(textsOf(await webhookProvider.turn(env.ctx("oi")))).toEqual(["um", "dois"]);
  });

  it("a 500, a malformed answer and a timeout throw clear errors", async () => {
    allowPrivate();
    const env = await botSetup("webhook", { urlN8N: hook.hookUrl });
    hook.setReply({ status: 500, json: { error: "boom" } });
    await expect(webhookProvider.turn(env.ctx("oi"))).rejects.toThrow(/webhook answered 500/);
    hook.setReply({ raw: "{not json", contentType: "application/json" });
    await expect(webhookProvider.turn(env.ctx("oi"))).rejects.toThrow(/malformed answer: not JSON/);
    hook.setReply({ json: { text: 42 } });
    await expect(webhookProvider.turn(env.ctx("oi"))).rejects.toThrow(/malformed answer/);
    hook.setReply({ json: 7 });
    await expect(webhookProvider.turn(env.ctx("oi"))).rejects.toThrow(/malformed answer/);
    // the turn's signal ends a receiver that does not answer (the runner aborts it at 20 s)
    hook.setReply({ delayMs: 5_000, json: { text: "late" } });
    const signal = AbortSignal.timeout(200);
    await expect(webhookProvider.turn(env.ctx("oi", { signal }))).rejects.toThrow();
  });

  it("refuses a loopback URL without WEBHOOK_ALLOW_PRIVATE (nothing sent)", async () => {
    const env = await botSetup("webhook", { urlN8N: hook.hookUrl });
    const before = hook.requests.length;
    await expect(webhookProvider.turn(env.ctx("oi"))).rejects.toBeInstanceOf(OutboundBlockedError);
    expect(hook.requests.length).toBe(before);
  });
});
