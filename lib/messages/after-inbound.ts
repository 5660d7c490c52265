import type { Db } from "@/db";
import { confirmCampaignAnswer } from "@/lib/campaigns/dispatch/confirm-answer";
import { runChatbot } from "@/lib/chatbot/run-chatbot";
import type { BotState } from "@/lib/chatbot/state";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { heldTurnAllowed, isLate } from "./held-guards";

export type InboundEvent = {
  companyId: number;
  whatsappId: number;
  ticketId: number;
  messageId: number;
  ticketCreated: boolean;
  message: InboundMessage;
  /**
   * The ticket as the ingest statement left it, when the caller has it: a ticket an agent holds
   * then costs the bot no query at all (ingest's IngestRow carries both fields).
   */
  ticket?: { status: string; userId: number | null };
  /** the bot's state as the ingest statement read it: the chatbot's first turn then reads nothing */
  botState?: BotState;
  /** false when the ingest statement found no campaign confirmation waiting for the number */
  campaignWaiting?: boolean;
};

/**
 * Runs after an inbound message has been stored and published (never for a replay): the chatbot
 * (lib/chatbot): queue menu, option trees, work hours, calls, hand-off to an integration. Its
 * errors are logged by the caller, never undo the message.
 *
 * Groups: the bot never answers a group, whatever CheckMsgIsGroup says (a menu in a group would
 * answer everyone). The setting's own meaning, "ignore group messages", is about storing them at
 * all, which is decided before this hook: ingest stores every group message today (see the report
 * of issue 6; `ignoresGroupMessages` in lib/chatbot/settings.ts is the check for that step).
 */
export async function afterInbound(db: Db, event: InboundEvent): Promise<void> {
  // spec: bots answer customers only: not own messages, history imports or groups
  if (event.message.fromMe || event.message.fromHistory || event.message.isGroup) return;
  // a placeholder for a content we do not render (a poll, an event...) is no answer to anything
  if (event.message.unrendered) return;
  // a message WhatsApp held while we were away is decided on the clock now, not its own time: a
  // 23:00 message read at 09:00 gets no out-of-hours text
  const held = event.message.held ? new Date() : null;
  // an answer to a campaign's confirmation request sends the campaign message (one indexed query,
  // skipped when the ingest statement already looked)
  if (event.campaignWaiting !== false) {
    const answer = { companyId: event.companyId, whatsappId: event.whatsappId, number: event.message.chatId };
    const late = held ? isLate(event.message, held) : false;
    await confirmCampaignAnswer(db, held ? { ...answer, held: { answeredAt: event.message.timestamp, late } } : answer).catch((err) =>
      console.error("[campaigns] confirmation answer failed:", err),
    );
  }
  if (held && !(await heldTurnAllowed(db, event, held))) return;
  await runChatbot(db, event, held ? { now: held } : {});
}
