import { CHATBOT_SETTING_KEYS } from "./settings";

// The bot's context (everything a turn reads beside the ticket) as ONE json value, written once for
// the two statements that read it: loadBotState (state.ts) and the inbound statement
// (lib/messages/ingest-statement.ts), which returns it with the message it stores so that the
// chatbot hook costs no read of its own (issue 19: one statement per inbound message, not three).
// The arguments are SQL expressions (columns or $n parameters), never values.

const KEYS = CHATBOT_SETTING_KEYS.map((k) => `'${k}'`).join(", ");

export type BotContextArgs = { companyId: string; whatsappId: string; queueId: string };

/** json: { connection, queues, settings, timezone, companySchedules, queueSchedules } (state.ts BotContext). */
export function botContextSql({ companyId, whatsappId, queueId }: BotContextArgs): string {
  return `json_build_object(
    'connection', (
      select json_build_object('id', w.id, 'greetingMessage', w.greeting_message, 'outOfHoursMessage', w.out_of_hours_message,
        'maxUseBotQueues', w.max_use_bot_queues, 'timeUseBotQueues', w.time_use_bot_queues,
        'integrationId', w.integration_id, 'promptId', w.prompt_id)
      from whatsapps w where w.id = ${whatsappId} and w.company_id = ${companyId}
    ),
    'queues', (
      select json_agg(json_build_object('id', q.id, 'name', q.name, 'greetingMessage', q.greeting_message,
          'outOfHoursMessage', q.out_of_hours_message, 'schedules', q.schedules, 'integrationId', q.integration_id,
          'promptId', q.prompt_id) order by q.order_queue asc nulls last, q.name, q.id)
      from whatsapp_queues wq join queues q on q.id = wq.queue_id and q.company_id = wq.company_id
      where wq.whatsapp_id = ${whatsappId} and wq.company_id = ${companyId}
    ),
    'settings', (select json_object_agg(s.key, s.value) from settings s where s.company_id = ${companyId} and s.key in (${KEYS})),
    'timezone', (select c.timezone from companies c where c.id = ${companyId}),
    'companySchedules', (select c.schedules from companies c where c.id = ${companyId}),
    'queueSchedules', (select tq.schedules from queues tq where tq.id = ${queueId} and tq.company_id = ${companyId})
  )`;
}
