import { afterEach, describe, expect, it } from "vitest";
import { dialogflowProvider } from "@/lib/bots/providers/dialogflow";
import { openAiProvider } from "@/lib/bots/providers/openai";
import { typebotProvider } from "@/lib/bots/providers/typebot";
import { webhookProvider } from "@/lib/bots/providers/webhook";
import { ensureBotProviders } from "@/lib/bots/register-providers";
import { getBotProvider, registerBotProvider, unregisterBotProviders } from "@/lib/bots/registry";

const holder = globalThis as unknown as { __botProvidersRegistered?: boolean };
afterEach(() => {
  unregisterBotProviders();
  holder.__botProvidersRegistered = false;
});

const integration = (type: "n8n" | "webhook" | "typebot" | "dialogflow") => ({ kind: "integration" as const, integrationId: 1, type });

describe("ensureBotProviders", () => {
  it("registers every provider under its key: openai for prompts, the webhook client for n8n and webhook", () => {
    ensureBotProviders();
    expect(getBotProvider({ kind: "prompt", promptId: 1 })).toBe(openAiProvider);
    expect(getBotProvider(integration("n8n"))).toBe(webhookProvider);
    expect(getBotProvider(integration("webhook"))).toBe(webhookProvider);
    expect(getBotProvider(integration("typebot"))).toBe(typebotProvider);
    expect(getBotProvider(integration("dialogflow"))).toBe(dialogflowProvider);
  });

  it("runs once per process and keeps a provider registered before it (a test's stub)", () => {
    const stub = { turn: async () => [] };
    registerBotProvider("typebot", stub);
    ensureBotProviders();
    expect(getBotProvider(integration("typebot"))).toBe(stub);
    unregisterBotProviders();
    ensureBotProviders();
    expect(getBotProvider(integration("webhook"))).toBeNull();
  });
});
