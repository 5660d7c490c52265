import type { Db } from "@/db";
import { getBotProvider } from "@/lib/bots/registry";
import type { HandOff } from "./turn";
import { queueBotMessage } from "./queue-bot-message";

export type HandOffInput = HandOff & {
  companyId: number;
  ticketId: number;
  queueId: number;
  contact: { number: string; name: string };
  body: string;
  mediaType: string | null;
};

/**
 * Gives the customer's message to the bot provider of the ticket's integration or prompt (after
 * the turn committed: a provider may take seconds) and sends its answer. A provider that fails or
 * disappeared leaves the ticket as it is; its error is logged, the customer sees nothing.
 */
export async function handOffToBot(db: Db, h: HandOffInput): Promise<string | null> {
  const provider = getBotProvider(h.target);
  if (!provider) return null;
  let reply: string | null;
  try {
    const actions = await provider.turn({
      db,
      companyId: h.companyId,
      ticketId: h.ticketId,
      queueId: h.queueId,
      target: h.target,
      contact: h.contact,
      body: h.body,
      mediaType: h.mediaType,
      isFirst: h.isFirst,
    });
    // texts only until the bot-turn runner carries out every action (issue 17 §3)
    reply = actions.flatMap((a) => (a.type === "text" ? [a.body] : [])).join("\n\n") || null;
  } catch (err) {
    console.error(`[chatbot] bot provider for ticket ${h.ticketId} failed:`, (err as Error).message);
    return null;
  }
  if (!reply?.trim()) return null;
  await queueBotMessage(db, { companyId: h.companyId, ticketId: h.ticketId, body: reply });
  return reply;
}
