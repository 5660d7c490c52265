import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { createOpenAiProvider } from "@/lib/bots/providers/openai";
import type { BotContext } from "@/lib/bots/types";
import { resetEnvCache } from "@/lib/env";
import { createPrompt } from "@/lib/prompts/create-prompt";
import { deletePrompt } from "@/lib/prompts/delete-prompt";
import { createTenant, type Tenant } from "../helpers/factories";
import { startOpenAiStub, type OpenAiStub } from "../helpers/stubs/openai-stub";
import { makeTicket } from "../helpers/ticket-env";

// The OpenAI provider's failures (issue 17 §1, §4): each throws an Error whose message admins read
// on the prompt (never the key), so the runner hands the ticket to an agent.
let a: Tenant;
let b: Tenant;
let stub: OpenAiStub;
const KEY = "sk-secret-key-for-errors-9876";
const provider = createOpenAiProvider({ timeoutMs: 800 });

const allowPrivate = () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
};
beforeAll(async () => {
  stub = await startOpenAiStub();
  allowPrivate();
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});
afterAll(async () => {
  await stub.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});
afterEach(allowPrivate);

const ctx = (t: Tenant) => ({ companyId: t.companyId, userId: 0, profile: "admin" as const, queueIds: [], super: false, sessionId: "s" });
const prompt = (extra: Record<string, unknown> = {}) =>
  createPrompt(getDb(), ctx(a), { name: "Bot", prompt: "Seja breve.", queueId: a.queueIds[0], voice: "texto", voiceKey: "", voiceRegion: "", maxTokens: 100, temperature: 1, apiKey: KEY, maxMessages: 10, baseUrl: stub.url, ...extra } as never);
async function turn(promptId: number, extra: Partial<BotContext> = {}) {
  const ticket = await makeTicket(a, { status: "pending", queueId: a.queueIds[0] });
  return provider.turn({ db: getDb(), companyId: a.companyId, ticketId: ticket.id, queueId: a.queueIds[0], target: { kind: "prompt", promptId }, contact: { number: "1", name: "Ana" }, body: "oi", mediaType: null, isFirst: true, ...extra });
}
async function failure(promptId: number, extra: Partial<BotContext> = {}): Promise<string> {
  const err = await turn(promptId, extra).then(
    () => null,
    (e: Error) => e,
  );
  expect(err).toBeInstanceOf(Error);
  expect(err!.message).not.toContain(KEY);
  expect(err!.message).not.toContain("for-errors");
  return err!.message;
}

describe("openAiProvider failures", () => {
  it("a server that never answers: a timeout", async () => {
    const p = await prompt();
    stub.next({ hang: true });
    expect(await failure(p.id)).toBe("OpenAI: no answer within 1 s");
  });

  it("the turn's own signal ends the call", async () => {
    const p = await prompt();
    stub.next({ hang: true });
    const ctl = new AbortController();
    const before = stub.chats().length;
    const pending = failure(p.id, { signal: ctl.signal });
    await expect.poll(() => stub.chats().length).toBe(before + 1);
    ctl.abort();
    expect(await pending).toBe("OpenAI: the turn's time ran out");
  });

  it("429, 401 and 500 name the status, with the server's reason and no key", async () => {
    const p = await prompt();
    stub.next(
      { status: 429, body: { error: { message: `Rate limit reached for key ${KEY}`, type: "requests" } } },
      { status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}` } } },
      { status: 500, body: { error: { message: "The server had an error" } } },
    );
    expect(await failure(p.id)).toBe("OpenAI: rate limited (429): Rate limit reached for key ••••");
    expect(await failure(p.id)).toBe("OpenAI: the API key was refused (401)");
    expect(await failure(p.id)).toBe("OpenAI: HTTP 500: The server had an error");
  });

  it("malformed answers", async () => {
    const p = await prompt();
    stub.next({ raw: "{not json" }, { status: 200, body: { choices: [] } }, { status: 200, body: { choices: [{ message: { content: null } }] } }, "   ");
    expect(await failure(p.id)).toBe("OpenAI: malformed answer");
    expect(await failure(p.id)).toBe("OpenAI: malformed answer");
    expect(await failure(p.id)).toBe("OpenAI: malformed answer");
    expect(await failure(p.id)).toBe("OpenAI: the model answered nothing");
  });

  it("a loopback server is refused unless private targets are allowed", async () => {
    const p = await prompt();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    resetEnvCache();
    const before = stub.chats().length;
    expect(await failure(p.id)).toMatch(/^OpenAI: the server's address is not allowed/);
    expect(stub.chats().length).toBe(before);
  });

  it("a transcription failure, a prompt without a key, a gone or foreign prompt", async () => {
    const p = await prompt();
    stub.setTranscript({ status: 500 });
    expect(await failure(p.id, { mediaType: "audio", mediaPath: `${a.companyId}/2026-01/nope-voz.ogg` })).toBe("OpenAI transcription: the customer's voice note could not be read");
    const noKey = await prompt({ apiKey: "", baseUrl: "" });
    expect(await failure(noKey.id)).toBe("OpenAI: the prompt has no API key");
    expect(await failure(p.id, { companyId: b.companyId })).toBe("OpenAI: the prompt no longer exists");
    await deletePrompt(getDb(), ctx(a), p.id);
    expect(await failure(p.id)).toBe("OpenAI: the prompt no longer exists");
  });
});
