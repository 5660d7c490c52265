import type { BotAction, BotContext, BotProvider } from "@/lib/bots/types";
import { guardedFetch } from "@/lib/net/guarded-fetch";
import { loadBotIntegration, loadTicketInfo } from "@/lib/queue-integrations/bot-integration";
import { parseWebhookAnswer } from "./answer";

export { MalformedAnswerError, parseWebhookAnswer } from "./answer";

export const WEBHOOK_TIMEOUT_MS = 20_000;
const MAX_ANSWER_BYTES = 256 * 1024;

/** What each customer message POSTs to the integration's URL (n8n and webhook). */
export type WebhookPayload = {
  ticket: { id: number; uuid: string; queueId: number };
  contact: { name: string; number: string };
  message: { id: number | null; body: string; mediaType: string | null };
  connection?: { id: number; name: string; number: string };
  isFirst: boolean;
};

/**
 * n8n and webhook integrations: the customer's message is POSTed as JSON to the integration's URL
 * (the stored one: nothing the customer sends changes where it goes) and the answer's texts are sent
 * back (answer formats: ./answer.ts). A non-2xx status, a timeout (20 s) or a malformed answer
 * throws, and the runner hands the ticket to an agent.
 */
export const webhookProvider: BotProvider = {
  async turn(ctx: BotContext): Promise<BotAction[]> {
    const integration = await loadBotIntegration(ctx);
    const info = await loadTicketInfo(ctx.db, ctx.companyId, ctx.ticketId);
    const payload: WebhookPayload = {
      ticket: { id: ctx.ticketId, uuid: info.uuid, queueId: ctx.queueId },
      contact: { name: ctx.contact.name, number: ctx.contact.number },
      message: { id: ctx.messageId ?? null, body: ctx.body, mediaType: ctx.mediaType },
      ...(info.connection ? { connection: info.connection } : {}),
      isFirst: ctx.isFirst,
    };
    const res = await guardedFetch({ timeoutMs: WEBHOOK_TIMEOUT_MS, maxBytes: MAX_ANSWER_BYTES })(integration.urlN8N, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/plain" },
      body: JSON.stringify(payload),
      signal: ctx.signal,
    });
    const body = await res.text();
    if (!res.ok) throw new Error(`${integration.type} answered ${res.status}${body ? `: ${body.slice(0, 200)}` : ""}`);
    return parseWebhookAnswer(body, res.headers.get("content-type") ?? "");
  },
};
