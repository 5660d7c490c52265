import { describe, expect, it } from "vitest";
import { endsConversation, fulfilmentTexts } from "@/lib/bots/providers/dialogflow/client";
import { bubbleText, choicesText, replyFor, richTextToPlain } from "@/lib/bots/providers/typebot/bubbles";
import { parseWebhookAnswer } from "@/lib/bots/providers/webhook/answer";

// How the providers read their services' answers (pure functions; the providers are tested
// against local stubs in tests/integration/bots-*-provider.test.ts).
describe("parseWebhookAnswer", () => {
  const json = (v: unknown) => parseWebhookAnswer(JSON.stringify(v), "application/json");
  it("takes text, texts, messages, lists, n8n's one-item list and text/plain; handoff goes last", () => {
    expect(json({ text: "a" })).toEqual([{ type: "text", body: "a" }]);
    expect(json({ texts: ["a", "b"], handoff: true })).toEqual([{ type: "text", body: "a" }, { type: "text", body: "b" }, { type: "handoff" }]);
    expect(json({ messages: [{ text: "m" }] })).toEqual([{ type: "text", body: "m" }]);
    expect(json(["x", { text: "y" }])).toEqual([{ type: "text", body: "x" }, { type: "text", body: "y" }]);
    expect(json([{ text: "n8n", handoff: true }])).toEqual([{ type: "text", body: "n8n" }, { type: "handoff" }]);
    expect(parseWebhookAnswer("olá\n", "text/plain")).toEqual([{ type: "text", body: "olá" }]);
    expect(parseWebhookAnswer("", "application/json")).toEqual([]);
    expect(json(null)).toEqual([]);
  });
  it("an answer cannot move the ticket or change the integration: only texts and the hand-off are read", () => {
    expect(json({ text: "ok", queueId: 99, url: "https://evil.example.com", integrationId: 3, status: "closed", handoff: "yes" })).toEqual([{ type: "text", body: "ok" }]);
  });
  it("anything else is malformed", () => {
    expect(() => parseWebhookAnswer("{", "application/json")).toThrow(/not JSON/);
    expect(() => json({ text: 1 })).toThrow(/text is not a text/);
    expect(() => json({ texts: "a" })).toThrow(/texts is not a list/);
    expect(() => json(3)).toThrow(/malformed/);
    expect(() => json({ texts: Array.from({ length: 21 }, () => "x") })).toThrow(/more than 20/);
  });
});

describe("Typebot bubbles", () => {
  it("rich text as WhatsApp text: paragraphs as lines, bold and italic marks, links with their URL", () => {
    const rich = [
      { type: "p", children: [{ text: "Olá " }, { text: "Maria", bold: true }, { text: "!" }] },
      { type: "p", children: [{ text: "veja ", italic: true }, { type: "a", url: "https://x.example.com", children: [{ text: "aqui" }] }] },
    ];
    expect(richTextToPlain(rich)).toBe("Olá *Maria*!\n_veja _aqui (https://x.example.com)");
    expect(bubbleText({ type: "text", content: { richText: rich } })).toContain("*Maria*");
    expect(bubbleText({ type: "image", content: { url: "https://cdn.example.com/a.png" } })).toBe("https://cdn.example.com/a.png");
    expect(bubbleText({ type: "custom-embed", content: {} })).toBe("");
  });
  it("choices listed by number; a number answers the choice, other text goes as it is", () => {
    expect(choicesText({ type: "choice input", items: [{ content: "Sim" }, { content: "Não" }] })).toBe("1 - Sim\n2 - Não");
    expect(choicesText({ type: "text input" })).toBe("");
    expect(replyFor("2", ["Sim", "Não"])).toBe("Não");
    expect(replyFor("3", ["Sim", "Não"])).toBe("3");
    expect(replyFor("2", undefined)).toBe("2");
  });
});

describe("Dialogflow query results", () => {
  it("text fulfilment messages first, else fulfillmentText; end of conversation by either flag", () => {
    expect(fulfilmentTexts({ fulfillmentText: "a\nb", fulfillmentMessages: [{ text: { text: ["a"] } }, { text: { text: ["b"] } }] })).toEqual(["a", "b"]);
    expect(fulfilmentTexts({ fulfillmentText: "só isto", fulfillmentMessages: [{ platform: "FACEBOOK", text: { text: ["fb"] } }] })).toEqual(["só isto"]);
    expect(fulfilmentTexts({})).toEqual([]);
    expect(endsConversation({ intent: { endInteraction: true } })).toBe(true);
    expect(endsConversation({ diagnosticInfo: { end_conversation: true } })).toBe(true);
    expect(endsConversation({ intent: { displayName: "x" } })).toBe(false);
  });
});
