import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { ScheduleEntry } from "@/db/schema";
import { DEFAULT_TIMEZONE } from "@/lib/dates/today";
import type { TicketStatus } from "@/lib/realtime/channels";
import type { InboundMessage } from "@/lib/whatsapp/types";
import type { BotConnection, BotQueue } from "./load";
import { CHATBOT_SETTING_KEYS, chatbotSettingsFrom, type ChatbotSettings } from "./settings";
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

type Row = BotTicket & {
  connection: BotConnection | null;
  queues: BotQueue[] | null;
  settings: Record<string, string> | null;
  timezone: string | null;
  companySchedules: ScheduleEntry[] | null;
  queueSchedules: ScheduleEntry[] | null;
};

const KEYS = sql.join(
  CHATBOT_SETTING_KEYS.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * The ticket, its contact, its connection's bot fields and queues, the company's settings and
 * hours: one statement, no transaction. The inbound path runs it for every message (most need
 * nothing more: tickets an agent holds, or waiting in a queue), and the bot's writes are
 * compare-and-set against what it read (turn.ts), so nothing here needs a lock.
 */
export async function loadBotState(db: DbOrTx, companyId: number, ticketId: number): Promise<BotState | null> {
  const [row] = (await db.execute(sql`
    select t.id, t.uuid, t.company_id as "companyId", t.whatsapp_id as "whatsappId", t.status, t.queue_id as "queueId",
      t.user_id as "userId", t.is_group as "isGroup", t.unread_messages as "unreadMessages", t.last_message as "lastMessage",
      t.updated_at as "updatedAt", t.chatbot, t.amount_used_bot_queues as "amountUsedBotQueues",
      t.queue_option_id as "queueOptionId", t.last_bot_message_at as "lastBotMessageAt", t.use_integration as "useIntegration",
      t.integration_id as "integrationId", t.prompt_id as "promptId",
      ct.id as "contactId", ct.name as "contactName", ct.number as "contactNumber", ct.profile_pic_url as "contactPic",
      case when w.id is null then null else json_build_object('id', w.id, 'greetingMessage', w.greeting_message,
        'outOfHoursMessage', w.out_of_hours_message, 'maxUseBotQueues', w.max_use_bot_queues,
        'timeUseBotQueues', w.time_use_bot_queues, 'integrationId', w.integration_id, 'promptId', w.prompt_id) end as connection,
      (
        select json_agg(json_build_object('id', q.id, 'name', q.name, 'greetingMessage', q.greeting_message,
            'outOfHoursMessage', q.out_of_hours_message, 'schedules', q.schedules, 'integrationId', q.integration_id,
            'promptId', q.prompt_id) order by q.order_queue asc nulls last, q.name, q.id)
        from whatsapp_queues wq join queues q on q.id = wq.queue_id and q.company_id = wq.company_id
        where wq.whatsapp_id = t.whatsapp_id and wq.company_id = t.company_id
      ) as queues,
      (select json_object_agg(s.key, s.value) from settings s where s.company_id = t.company_id and s.key in (${KEYS})) as settings,
      c.timezone, c.schedules as "companySchedules", tq.schedules as "queueSchedules"
    from tickets t
      join contacts ct on ct.id = t.contact_id
      join companies c on c.id = t.company_id
      left join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
      left join queues tq on tq.id = t.queue_id and tq.company_id = t.company_id
    where t.id = ${ticketId} and t.company_id = ${companyId}
  `)) as unknown as Row[];
  if (!row) return null;
  const { connection, queues, settings, timezone, companySchedules, queueSchedules, ...ticket } = row;
  return {
    // raw rows: make sure the times are Dates whatever the driver's type parsing
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
