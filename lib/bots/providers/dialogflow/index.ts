import type { BotAction, BotContext, BotProvider } from "@/lib/bots/types";
import { loadBotIntegration, loadTicketInfo } from "@/lib/queue-integrations/bot-integration";
import { readServiceAccount } from "@/lib/queue-integrations/schemas";
import { detectIntent, endsConversation, fulfilmentTexts } from "./client";

/**
 * Dialogflow ES: each customer message is one detectIntent in the ticket's session (its uuid), in
 * the integration's language; the fulfilment texts are sent, and an end-of-conversation intent hands
 * the ticket to an agent after them. A message without text (media) is sent as its media type, so
 * the agent can answer it with a fallback intent.
 */
export const dialogflowProvider: BotProvider = {
  async turn(ctx: BotContext): Promise<BotAction[]> {
    const integration = await loadBotIntegration(ctx);
    const sa = readServiceAccount(integration.json);
    if (typeof sa === "string") throw new Error("Dialogflow: the integration has no valid service-account JSON");
    const { uuid } = await loadTicketInfo(ctx.db, ctx.companyId, ctx.ticketId);
    const text = ctx.body.trim() || ctx.mediaType || "";
    if (!text) return [];
    const result = await detectIntent(
      sa,
      { projectId: integration.projectName || sa.project_id, sessionId: uuid, text, languageCode: integration.language || "pt-BR" },
      ctx.signal,
    );
    const actions: BotAction[] = fulfilmentTexts(result).map((body) => ({ type: "text", body }));
    if (endsConversation(result)) actions.push({ type: "handoff" });
    return actions;
  },
};
