import type { Db } from "@/db";
import { connectionBotContext } from "@/lib/chatbot/context-cache";
import { botStateFrom, type BotState, type BotTicket } from "@/lib/chatbot/state";
import type { IngestRow } from "./ingest-statement";

/**
 * The bot's state for the stored message: the ticket as the inbound statement left it, its contact,
 * and the connection's bot context at the version the statement read (kept by the process:
 * lib/chatbot/context-cache.ts), so the chatbot hook usually starts without a read. Undefined when
 * the statement judged the bot has nothing to do, or when the ticket's queue is not one of the
 * connection's (the hook then reads the whole state itself, that queue's hours included).
 */
export async function ingestedBotState(db: Db, ids: { companyId: number; whatsappId: number }, row: IngestRow): Promise<BotState | undefined> {
  if (row.botVersion === null || row.ticketId === null) return undefined;
  const context = await connectionBotContext(db, ids.companyId, ids.whatsappId, row.botVersion);
  if (!context) return undefined;
  const queue = row.queueId === null ? null : context.queues?.find((q) => q.id === row.queueId);
  if (queue === undefined) return undefined;
  const ticket = ticketOfRow(ids, row);
  return botStateFrom(ticket, { ...context, queueSchedules: queue?.schedules ?? null });
}

/** The ticket and its contact as the inbound statement's row answers them (timestamps as stored: text). */
export function ticketOfRow(ids: { companyId: number; whatsappId: number }, row: IngestRow): BotTicket {
  return {
    id: row.ticketId!,
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
}
