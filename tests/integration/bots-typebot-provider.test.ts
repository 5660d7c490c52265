import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typebotProvider } from "@/lib/bots/providers/typebot";
import { resetEnvCache } from "@/lib/env";
import { botSetup, kindsOf, textsOf } from "../helpers/stubs/bot-context";
import { RETRY_MESSAGE, startTypebotStub, TWO_QUESTIONS } from "../helpers/stubs/typebot-stub";

// The Typebot provider against a local Typebot chat API: bubbles in order with the delay between
// them, one chat per ticket kept in the session, keywords, expiry, refused input and the flow's end.
let tb: Awaited<ReturnType<typeof startTypebotStub>>;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  tb = await startTypebotStub({
    "two-questions": TWO_QUESTIONS,
    menu: [
      { bubbles: ["Escolha:"], input: { type: "choice input", items: ["Vendas", "Suporte"] } },
      { bubbles: [{ image: "https://cdn.example.com/suporte.png" }, "Você escolheu {{0}}."] },
    ],
  });
});
afterAll(async () => {
  await tb.close();
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

const typebot = (extra: Record<string, unknown> = {}) =>
  botSetup("typebot", {
    urlN8N: `${tb.url}/`,
    typebotSlug: "two-questions",
    typebotDelayMessage: 700,
    typebotExpires: 5,
    typebotKeywordFinish: "Sair",
    typebotKeywordRestart: "#reiniciar",
    typebotRestartMessage: "Vamos recomeçar.",
    typebotUnknownMessage: "Não entendi, tente de novo.",
    ...extra,
  });

describe("typebotProvider", () => {
  it("walks two questions, then the finish keyword hands to an agent and forgets the chat", async () => {
    const env = await typebot();
    const first = await typebotProvider.turn(env.ctx("oi"));
    expect(first).toEqual([{ type: "text", body: "Olá! Eu sou o bot." }, { type: "wait", ms: 700 }, { type: "text", body: "Qual é o seu nome?" }]);
    expect(tb.starts().at(-1)!.json).toMatchObject({ prefilledVariables: { number: "5531999990000", name: "Maria Souza" } });
    const sessionId = env.session.data.sessionId as string;
    expect(sessionId).toEqual(expect.any(String));
    expect(env.session.saves.at(-1)!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    expect(textsOf(await typebotProvider.turn(env.ctx("Maria")))).toEqual(["Prazer, Maria!", "Qual é o seu e-mail?"]);
    expect(tb.continues().at(-1)!.json).toEqual({ message: { type: "text", text: "Maria" }, textBubbleContentFormat: "richText" });
    expect(textsOf(await typebotProvider.turn(env.ctx("maria@example.com")))).toEqual(["Obrigado! Digite sair para falar com um atendente."]);
    const continues = tb.continues().length;
    expect(await typebotProvider.turn(env.ctx("  SAIR "))).toEqual([{ type: "handoff" }]);
    expect(tb.continues().length).toBe(continues); // Typebot never saw the keyword
    expect(env.session.data).toEqual({});
  });

  it("refused input gets the unknown message (or Typebot's retry bubble without one) and keeps the question", async () => {
    const env = await typebot();
    await typebotProvider.turn(env.ctx("oi"));
    await typebotProvider.turn(env.ctx("Ana"));
    expect(await typebotProvider.turn(env.ctx("not an email"))).toEqual([{ type: "text", body: "Não entendi, tente de novo." }]);
    expect(textsOf(await typebotProvider.turn(env.ctx("ana@example.com")))).toEqual(["Obrigado! Digite sair para falar com um atendente."]);

    const plain = await typebot({ typebotUnknownMessage: "" });
    await typebotProvider.turn(plain.ctx("oi"));
    await typebotProvider.turn(plain.ctx("Ana"));
    expect(textsOf(await typebotProvider.turn(plain.ctx("still not")))).toEqual([RETRY_MESSAGE]);
  });

  it("the restart keyword sends the restart message and starts a new chat", async () => {
    const env = await typebot();
    await typebotProvider.turn(env.ctx("oi"));
    const old = env.session.data.sessionId;
    const actions = await typebotProvider.turn(env.ctx("#Reiniciar"));
    expect(kindsOf(actions)).toEqual(["text", "wait:700", "text", "wait:700", "text"]);
    expect(textsOf(actions)).toEqual(["Vamos recomeçar.", "Olá! Eu sou o bot.", "Qual é o seu nome?"]);
    expect(env.session.data.sessionId).not.toBe(old);
  });

  it("an expired session (minutes of silence) or one Typebot forgot starts a new chat", async () => {
    const env = await typebot({ typebotExpires: 1 });
    await typebotProvider.turn(env.ctx("oi"));
    const first = env.session.data.sessionId as string;
    env.session.now = () => Date.now() + 61_000;
    expect(textsOf(await typebotProvider.turn(env.ctx("voltei")))).toEqual(["Olá! Eu sou o bot.", "Qual é o seu nome?"]);
    env.session.now = () => Date.now();
    const second = env.session.data.sessionId as string;
    expect(second).not.toBe(first);
    tb.forget(second);
    expect(textsOf(await typebotProvider.turn(env.ctx("João")))).toEqual(["Olá! Eu sou o bot.", "Qual é o seu nome?"]);
    expect(env.session.data.sessionId).not.toBe(second);
  });

  it("a choice is listed and answered by number; images go as their URL; the end of the flow answers end", async () => {
    const env = await typebot({ typebotSlug: "menu", typebotDelayMessage: 0 });
    expect(await typebotProvider.turn(env.ctx("oi"))).toEqual([
      { type: "text", body: "Escolha:" },
      { type: "text", body: "1 - Vendas\n2 - Suporte" },
    ]);
    expect(await typebotProvider.turn(env.ctx("2"))).toEqual([
      { type: "text", body: "https://cdn.example.com/suporte.png" },
      { type: "text", body: "Você escolheu Suporte." },
      { type: "end" },
    ]);
    expect(tb.continues().at(-1)!.json).toMatchObject({ message: { text: "Suporte" } });
    expect(env.session.data).toEqual({});
  });

  it("an unknown slug or a Typebot error throws a clear error", async () => {
    const env = await typebot({ typebotSlug: "missing" });
    await expect(typebotProvider.turn(env.ctx("oi"))).rejects.toThrow(/Typebot startChat answered 404: Typebot not found/);
  });
});
