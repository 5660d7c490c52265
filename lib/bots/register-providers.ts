import { dialogflowProvider } from "./providers/dialogflow";
import { openAiProvider } from "./providers/openai";
import { typebotProvider } from "./providers/typebot";
import { webhookProvider } from "./providers/webhook";
import { getBotProvider, registerBotProvider } from "./registry";
import type { BotProvider, BotProviderKey } from "./types";

// the product's providers, by registry key: prompts answer through OpenAI (or any compatible
// server), n8n and webhook integrations through the same JSON POST
const PROVIDERS: [BotProviderKey, BotProvider][] = [
  ["openai", openAiProvider],
  ["n8n", webhookProvider],
  ["webhook", webhookProvider],
  ["typebot", typebotProvider],
  ["dialogflow", dialogflowProvider],
];

const holder = globalThis as unknown as { __botProvidersRegistered?: boolean };

/**
 * Registers the product's bot providers (OpenAI for prompts; webhook/n8n, Typebot, Dialogflow for
 * integrations), once per process: the WhatsApp worker at its start (its chatbot hands tickets to
 * them and its scheduler runs their turns) and the Inngest functions before running turns. A key
 * that already has a provider (a test's stub) keeps it.
 */
export function ensureBotProviders(): void {
  if (holder.__botProvidersRegistered) return;
  holder.__botProvidersRegistered = true;
  for (const [key, provider] of PROVIDERS) {
    if (!getBotProvider(key === "openai" ? { kind: "prompt", promptId: 0 } : { kind: "integration", integrationId: 0, type: key })) {
      registerBotProvider(key, provider);
    }
  }
}
