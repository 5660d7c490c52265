import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { ScheduleEntry } from "@/db/schema";
import { DEFAULT_TIMEZONE } from "@/lib/dates/today";
import type { TicketStatus } from "@/lib/realtime/channels";
import type { InboundMessage } from "@/lib/whatsapp/types";
import type { BotConnection, BotQueue } from "./load";
import { chatbotSettingsFrom, type ChatbotSettings } from "./settings";
import { botContextSql } from "./state-sql";
import { isWithinWorkHours } from "./work-hours";

/** A ticket as the bot reads it, with its contact. */
export type BotTicket = {
  id: number;
  uuid: string;
  companyId: number;
  whatsappId: number | null;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  isGroup: boolean;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: Date;
  chatbot: boolean;
  amountUsedBotQueues: number;
  queueOptionId: number | null;
  lastBotMessageAt: Date | null;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  contactId: number;
  contactName: string;
  contactNumber: string;
  contactPic: string;
};

/** Everything one turn of the bot reads, from ONE statement. */
export type BotState = {
  ticket: BotTicket;
  /** null when the ticket has no connection (it was deleted) */
  connection: BotConnection | null;
  /** the connection's queues in menu order: orderQueue (unset last), then name */
  queues: BotQueue[];
  settings: ChatbotSettings;
  timezone: string;
  companySchedules: ScheduleEntry[];
  /** the hours of the ticket's queue, when it has one */
  queueSchedules: ScheduleEntry[];
};

/** What botContextSql (state-sql.ts) returns: the state beside the ticket, as stored. */
export type BotContext = {
  connection: BotConnection | null;
  queues: BotQueue[] | null;
  settings: Record<string, string> | null;
  timezone: string | null;
  companySchedules: ScheduleEntry[] | null;
  queueSchedules: ScheduleEntry[] | null;
};

type Row = BotTicket & { context: BotContext };

const CONTEXT = sql.raw(botContextSql({ companyId: "t.company_id", whatsappId: "t.whatsapp_id", queueId: "t.queue_id" }));

/**
 * The ticket, its contact, its connection's bot fields and queues, the company's settings and
 * hours: one statement, no transaction. The inbound statement returns the same with the message it
 * stores (lib/messages/ingest-statement.ts), so this runs only when a turn lost its compare-and-set
 * (or a caller has no such row); the bot's writes are compare-and-set against what it read
 * (turn.ts), so nothing here needs a lock.
 */
export async function loadBotState(db: DbOrTx, companyId: number, ticketId: number): Promise<BotState | null> {
  const [row] = (await db.execute(sql`
    select t.id, t.uuid, t.company_id as "companyId", t.whatsapp_id as "whatsappId", t.status, t.queue_id as "queueId",
      t.user_id as "userId", t.is_group as "isGroup", t.unread_messages as "unreadMessages", t.last_message as "lastMessage",
      t.updated_at as "updatedAt", t.chatbot, t.amount_used_bot_queues as "amountUsedBotQueues",
      t.queue_option_id as "queueOptionId", t.last_bot_message_at as "lastBotMessageAt", t.use_integration as "useIntegration",
      t.integration_id as "integrationId", t.prompt_id as "promptId",
      ct.id as "contactId", ct.name as "contactName", ct.number as "contactNumber", ct.profile_pic_url as "contactPic",
      ${CONTEXT} as context
    from tickets t join contacts ct on ct.id = t.contact_id
    where t.id = ${ticketId} and t.company_id = ${companyId}
  `)) as unknown as Row[];
  if (!row) return null;
  const { context, ...ticket } = row;
  return botStateFrom(ticket, context);
}

/** The state from a ticket row and its context (raw rows: the times made Dates whatever the driver's parsing). */
export function botStateFrom(ticket: BotTicket, context: BotContext): BotState {
  const { connection, queues, settings, timezone, companySchedules, queueSchedules } = context;
  return {
    ticket: {
      ...ticket,
      updatedAt: new Date(ticket.updatedAt),
      lastBotMessageAt: ticket.lastBotMessageAt === null ? null : new Date(ticket.lastBotMessageAt),
    },
    connection,
    queues: queues ?? [],
    settings: chatbotSettingsFrom(settings),
    timezone: timezone || DEFAULT_TIMEZONE,
    companySchedules: companySchedules ?? [],
    queueSchedules: queueSchedules ?? [],
  };
}

/**
 * Whether the bot has anything to do for this message (the turn decides what): a call to answer;
 * or, on a pending ticket nobody holds, an out-of-hours message, a menu or option level waiting for
 * an answer, a fresh ticket on a connection with queues, or an integration talking.
 */
export function needsTurn(s: BotState, whatsappId: number, message: Pick<InboundMessage, "mediaType">, now: Date): boolean {
  const t = s.ticket;
  if (t.status === "closed" || t.isGroup || t.whatsappId !== whatsappId || !s.connection) return false;
  if (message.mediaType === "call_log") return !s.settings.acceptCalls;
  if (t.status !== "pending" || t.userId !== null) return false;
  const { scheduleType } = s.settings;
  if (scheduleType === "company" && !isWithinWorkHours(s.companySchedules, now, s.timezone)) return true;
  if (scheduleType === "queue" && t.queueId !== null && !isWithinWorkHours(s.queueSchedules, now, s.timezone)) return true;
  if (t.queueId !== null) return t.chatbot || t.useIntegration;
  return t.chatbot || (t.amountUsedBotQueues === 0 && s.queues.length > 0);
}
