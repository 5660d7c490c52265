import { botStateFrom, type BotState } from "@/lib/chatbot/state";
import type { IngestRow } from "./ingest-statement";

/**
 * The bot's state as the inbound statement returned it with the stored message (the ticket as the
 * statement left it, its contact, the bot's context), so the chatbot hook starts without a read;
 * undefined when the statement judged the bot has nothing to do (no context returned).
 */
export function ingestedBotState(ids: { companyId: number; whatsappId: number }, row: IngestRow): BotState | undefined {
  if (!row.botContext || row.ticketId === null) return undefined;
  const ticket = {
    id: row.ticketId,
    uuid: row.uuid,
    companyId: ids.companyId,
    whatsappId: ids.whatsappId,
    status: row.status,
    queueId: row.queueId,
    userId: row.userId,
    isGroup: row.isGroup,
    unreadMessages: row.unreadMessages,
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt,
    chatbot: row.chatbot,
    amountUsedBotQueues: row.amountUsedBotQueues,
    queueOptionId: row.queueOptionId,
    lastBotMessageAt: row.lastBotMessageAt,
    useIntegration: row.useIntegration,
    integrationId: row.integrationId,
    promptId: row.promptId,
    contactId: row.contactId,
    contactName: row.contactName,
    contactNumber: row.contactNumber,
    contactPic: row.profilePicUrl,
  };
  return botStateFrom(ticket, row.botContext);
}
