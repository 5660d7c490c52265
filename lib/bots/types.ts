import type { Db } from "@/db";
import type { integrationTypes } from "@/db/schema/integrations";

/** What a queue hands the conversation to: one of its integrations, or its AI prompt. */
export type BotTarget =
  | { kind: "integration"; integrationId: number; type: (typeof integrationTypes)[number] }
  | { kind: "prompt"; promptId: number };

/** The registry's keys: an integration type, or "openai" for prompts. */
export type BotProviderKey = (typeof integrationTypes)[number] | "openai";

/**
 * What a bot does with one customer message (issue 17 §3), carried out in order by the bot-turn
 * runner: texts and media go to the customer through the outbox; `wait` spaces them (Typebot's
 * delay between bubbles); `handoff` gives the ticket to an agent (pending in its queue, the bot lets
 * go; what came before it is still sent); `end` closes the bot's conversation (its session is
 * forgotten: the next message starts a new one) and keeps the ticket with the bot.
 */
export type BotAction =
  | { type: "text"; body: string }
  | { type: "media"; data: Uint8Array; mimetype: string; filename: string; caption?: string }
  | { type: "voice"; data: Uint8Array; mimetype: string }
  | { type: "wait"; ms: number }
  | { type: "handoff" }
  | { type: "end" };

/** A provider's conversation state for this ticket and target (a Typebot session id, ...). */
export type BotSession = {
  /** what the provider saved last time; {} when nothing (or expired) */
  data: Record<string, unknown>;
  /** keeps `data` for the next message of this ticket; `expiresAt` null: until the bot lets go */
  save(data: Record<string, unknown>, expiresAt?: Date | null): Promise<void>;
  clear(): Promise<void>;
};

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
  /** the stored media of the customer's message (storage key), for transcription */
  mediaPath?: string | null;
  /** true for the message that moved the ticket into the bot's queue */
  isFirst: boolean;
  /** the customer's message id (null for a turn not caused by a message) */
  messageId?: number | null;
  session?: BotSession;
  /** aborted when the turn's time is up (20 s): pass it to every outbound call */
  signal?: AbortSignal;
};

/**
 * A chatbot client (OpenAI prompts; Dialogflow, n8n, webhook, Typebot integrations). `turn` answers
 * the actions for one customer message; a throw (timeout, error, rate limit) hands the ticket to an
 * agent and is shown to admins on the prompt or integration.
 */
export type BotProvider = {
  turn(context: BotContext): Promise<BotAction[]>;
};
