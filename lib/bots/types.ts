import type { Db } from "@/db";
import type { integrationTypes } from "@/db/schema/integrations";

/** What a queue hands the conversation to: one of its integrations, or its AI prompt. */
export type BotTarget =
  | { kind: "integration"; integrationId: number; type: (typeof integrationTypes)[number] }
  | { kind: "prompt"; promptId: number };

/** The registry's keys: an integration type, or "openai" for prompts. */
export type BotProviderKey = (typeof integrationTypes)[number] | "openai";

/** One customer message for a bot to answer. */
export type BotContext = {
  db: Db;
  companyId: number;
  ticketId: number;
  queueId: number;
  target: BotTarget;
  contact: { number: string; name: string };
  /** the customer's text (a caption for media; "" for media without one) */
  body: string;
  mediaType: string | null;
  /** true for the message that moved the ticket into the bot's queue */
  isFirst: boolean;
};

/**
 * A chatbot client (OpenAI, Dialogflow, n8n, webhook, Typebot: later issues). `reply` answers the
 * text to send the customer, or null to stay silent; its errors are logged, never shown.
 */
export type BotProvider = {
  reply(context: BotContext): Promise<string | null>;
};
