import { describe, expect, it } from "vitest";
import { customerFirstName, sandboxAnswer } from "@/lib/bots/sandbox-model/answer";
import { isSandboxModelUrl, sandboxModelBaseUrl } from "@/lib/bots/sandbox-model/base-url";
import { chatCompletion } from "@/lib/bots/sandbox-model/completion";
import { intentOf } from "@/lib/bots/sandbox-model/intents";
import { conversationLanguage, languageOf } from "@/lib/bots/sandbox-model/language";
import { REPLIES } from "@/lib/bots/sandbox-model/replies";
import { splitHandoff } from "@/lib/bots/providers/openai/handoff";

const system = { role: "system", content: 'Você é o assistente de vendas.\n\nThe customer\'s name is "Maria Souza".' };
const user = (content: string) => ({ role: "user", content });
const bot = (content: string) => ({ role: "assistant", content });

describe("the sandbox model's language", () => {
  it("reads the language of a message, or none from a menu choice", () => {
    expect(languageOf("Olá, quanto custa a camiseta?")).toBe("pt");
    expect(languageOf("Hello, how much is the mug?")).toBe("en");
    expect(languageOf("Hola, ¿cuánto cuesta la gorra?")).toBe("es");
    expect(languageOf("2")).toBeNull();
    expect(languageOf("👍")).toBeNull();
  });

  it("takes the customer's latest message that says one, then the rest, else Portuguese", () => {
    expect(conversationLanguage(["Hello", "2"])).toBe("en");
    expect(conversationLanguage(["Olá", "thanks, how much is it?"])).toBe("en");
    expect(conversationLanguage(["2"], ["Hola, bienvenido a la tienda"])).toBe("es");
    expect(conversationLanguage(["2"])).toBe("pt");
  });
});

describe("the sandbox model's intents", () => {
  it("finds a request for a person, whatever else the message says", () => {
    for (const m of ["Quero falar com um ATENDENTE", "Can I talk to a human?", "Quiero hablar con un agente", "atendente"]) expect(intentOf(m).human).toBe(true);
    expect(intentOf("Atendimento de sábado?").human).toBe(false);
  });

  it("finds the shop's topics, several in one message, as whole words", () => {
    expect(intentOf("Qual o preço e o prazo de entrega?").topics).toEqual(["prices", "delivery"]);
    expect(intentOf("What are your opening hours?").topics).toEqual(["hours"]);
    expect(intentOf("¿Hacen envíos?").topics).toEqual(["delivery"]);
    expect(intentOf("this is his shipment").topics).toEqual([]);
  });

  it("takes a greeting or a bare menu choice as a greeting", () => {
    expect(intentOf("Bom dia!").greeting).toBe(true);
    expect(intentOf("2").greeting).toBe(true);
    expect(intentOf("this").greeting).toBe(false);
  });
});

describe("sandboxAnswer", () => {
  it("greets the customer by first name on the menu choice, in the conversation's language", () => {
    const pt = sandboxAnswer([system, bot("Escolha uma opção"), user("Oi"), bot("1 - Suporte\n2 - Vendas"), user("2")]);
    expect(pt).toBe(`Olá, Maria! Sou o assistente virtual da Empresa Demo. ${REPLIES.pt.unknown}`);
    expect(sandboxAnswer([user("Hello there")])).toBe(`${REPLIES.en.greeting} ${REPLIES.en.unknown}`);
  });

  it("answers the demo shop's prices, hours and delivery", () => {
    expect(sandboxAnswer([system, user("Quanto custa a caneca?")])).toBe(REPLIES.pt.prices);
    expect(sandboxAnswer([system, user("When do you open? And shipping?")])).toBe(`${REPLIES.en.hours} ${REPLIES.en.delivery}`);
    expect(sandboxAnswer([system, user("¿Cuál es el horario?")])).toBe(REPLIES.es.hours);
  });

  it("answers the hand-off marker after a short text when the customer asks for a person", () => {
    const answer = sandboxAnswer([system, user("Olá"), bot("Olá!"), user("quero falar com um atendente")]);
    expect(splitHandoff(answer)).toEqual({ text: REPLIES.pt.human, handoff: true });
    expect(splitHandoff(sandboxAnswer([user("I want a human please")]))).toEqual({ text: REPLIES.en.human, handoff: true });
  });

  it("lists what it can answer when it does not understand, and thanks back", () => {
    expect(sandboxAnswer([user("xyz")])).toBe(REPLIES.pt.unknown);
    expect(sandboxAnswer([user("Muito obrigado")])).toBe(REPLIES.pt.thanks);
  });

  it("reads the customer's name as our provider writes it, escapes included", () => {
    expect(customerFirstName(`The customer's name is ${JSON.stringify('Ana "Aninha" Lima')}.`)).toBe("Ana");
    expect(customerFirstName("no name here")).toBe("");
  });
});

describe("chatCompletion", () => {
  it("answers OpenAI's shape, deterministically, with text parts flattened", () => {
    const req = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: [{ type: "text", text: "Qual o frete?" }] }] };
    const a = chatCompletion(req, new Date(0));
    expect(a).toMatchObject({ object: "chat.completion", model: "gpt-4o-mini", choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: REPLIES.pt.delivery } }] });
    expect(a.usage.total_tokens).toBe(a.usage.prompt_tokens + a.usage.completion_tokens);
    expect(chatCompletion(req, new Date(0))).toEqual(a);
  });
});

describe("isSandboxModelUrl", () => {
  const env = { APP_URL: "http://127.0.0.1:3000", sandboxEnabled: true };
  const is = (u: string, e = env) => isSandboxModelUrl(new URL(u), e);

  it("is the app's own model base and what is under it, only while the sandbox is on", () => {
    expect(sandboxModelBaseUrl(env)).toBe("http://127.0.0.1:3000/api/sandbox/openai/v1");
    expect(is("http://127.0.0.1:3000/api/sandbox/openai/v1/chat/completions")).toBe(true);
    expect(is("http://127.0.0.1:3000/api/sandbox/openai/v1/chat/completions", { ...env, sandboxEnabled: false })).toBe(false);
  });

  it("is nothing else on the app or on loopback", () => {
    for (const u of [
      "http://127.0.0.1:3000/api/sandbox/openai/v10/chat",
      "http://127.0.0.1:3000/api/sandbox/openai/v1/../../../tickets",
      "http://127.0.0.1:3000/api/tickets",
      "http://127.0.0.1:3001/api/sandbox/openai/v1/chat/completions",
      "https://127.0.0.1:3000/api/sandbox/openai/v1/chat/completions",
      "http://localhost:3000/api/sandbox/openai/v1/chat/completions",
      "http://user:pw@127.0.0.1:3000/api/sandbox/openai/v1/models",
    ])
      expect(is(u), u).toBe(false);
  });
});
