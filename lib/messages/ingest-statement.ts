import type { BotContext } from "@/lib/chatbot/state";
import { botContextSql } from "@/lib/chatbot/state-sql";

// The whole inbound write as ONE statement (so one transaction and, prepared, one round trip):
// the ingest benchmark of issue 4 asks for >= 1,000 messages/s with p99 < 25 ms, and every extra
// statement costs a round trip (two with drizzle, which does not prepare: Parse/Describe first).
// Data-modifying CTEs share one snapshot and cannot see each other's writes, hence the shape:
//   dup          the message is already stored (a replay): every write below is skipped
//   v            the contacts this message names: the chat (person or group) and, in groups, the sender
//                (a person's message is from the chat contact; an own message (fromMe) from nobody)
//   known        those contacts as they are; `created` inserts the missing ones (on conflict: another
//                message created it meanwhile, merge into it); `renamed` fills a real name over a
//                placeholder (the number) or an empty one, keeps agents' names, stores a new LID
//   open_ticket  the contact's non-closed ticket on this connection, locked (FOR NO KEY UPDATE
//                re-reads it after a concurrent close, so a message never lands in a closed ticket)
//   new_ticket   else a new pending ticket, race-safe on tickets_contact_whatsapp_open_idx: a loser
//                does nothing and the caller runs the statement again (its new snapshot sees it)
//   new_cycle    a new ticket's first ticket_tracking row, waiting from now (lib/tickets/tracking.ts)
//   msg          the message, idempotent on (whatsapp_id, wid); `touched` moves the existing ticket
//                only when the message really was inserted (a replay bumps no unread count)
//   hook_*       the connection's webhook outbox rows (lib/webhooks: ticket.created, message.received),
//                in this same statement: nothing inserted (no extra round trip) without a webhook
// The row also carries what the hooks after it would each read (issue 19: those reads were two
// round trips of every message): the ticket's bot fields and, only while the bot may act (a pending
// ticket nobody holds, or a call), the bot's context (lib/chatbot/state-sql.ts); and whether the
// number has a campaign confirmation waiting (lib/campaigns: nearly never).
// Inserts never run for rows the snapshot shows, so a message burns no contact or ticket id (only
// the losers of a race for a new contact do, one each).
// the ticket as new_ticket and touched leave it: what the events show and what the bot reads
const TICKET_COLUMNS = ["id", "uuid", "status", "queue_id", "user_id", "unread_messages", "last_message", "updated_at", "is_group",
  "chatbot", "amount_used_bot_queues", "queue_option_id", "last_bot_message_at", "use_integration", "integration_id", "prompt_id"];

export const INGEST_SQL = `
with conn as (
  select id, webhook_url, webhook_events from whatsapps where id = $2 and company_id = $1
),
dup as (
  select id, ticket_id from messages where whatsapp_id = $2 and wid = $3 and company_id = $1
),
v (number, name, is_group, lid) as (
  select x.number, x.name, x.is_group, x.lid
  from (values ($4::text, $5::text, $6::boolean, $7::text), ($8::text, $9::text, false, $10::text))
    as x (number, name, is_group, lid)
  where x.number is not null and exists (select 1 from conn)
),
known as (
  select c.id, c.number, c.name, c.profile_pic_url from contacts c
  -- the numbers spelled out (not a join on v) so the plan is always contacts_company_number_unique
  where c.company_id = $1 and c.number in ($4, $8)
),
created as (
  insert into contacts as c (company_id, name, number, is_group, lid, whatsapp_id)
  select $1, coalesce(nullif(v.name, ''), v.number), v.number, v.is_group, v.lid, $2 from v
  where not exists (select 1 from dup) and not exists (select 1 from known k where k.number = v.number)
  on conflict (company_id, number) do update set
    name = case when excluded.name <> excluded.number and (excluded.is_group or c.name in ('', c.number))
      then excluded.name else c.name end,
    lid = coalesce(excluded.lid, c.lid),
    updated_at = now()
  returning c.id, c.number, c.name, c.profile_pic_url
),
renamed as (
  update contacts c set
    name = case when v.name <> '' and (v.is_group or c.name in ('', c.number)) then v.name else c.name end,
    lid = coalesce(v.lid, c.lid),
    updated_at = now()
  from v
  where c.company_id = $1 and c.number in ($4, $8) and c.number = v.number and not exists (select 1 from dup)
    and ((v.name <> '' and v.name <> c.name and (v.is_group or c.name in ('', c.number)))
      or (v.lid is not null and v.lid is distinct from c.lid))
  returning c.id, c.number, c.name, c.profile_pic_url
),
people as (
  select id, number, name, profile_pic_url from created
  union all select id, number, name, profile_pic_url from renamed
  union all select id, number, name, profile_pic_url from known k where not exists (select 1 from renamed r where r.id = k.id)
),
chat as (select * from people where number = $4),
sender as (select * from people where number = $8),
open_ticket as (
  select t.id from tickets t join chat on t.contact_id = chat.id
  where t.company_id = $1 and t.whatsapp_id = $2 and t.status <> 'closed' and not exists (select 1 from dup)
  for no key update of t
),
new_ticket as (
  insert into tickets (company_id, contact_id, whatsapp_id, status, is_group, last_message, unread_messages)
  select $1, chat.id, $2, 'pending', $6, $19, $20 from chat
  where not exists (select 1 from dup) and not exists (select 1 from open_ticket)
  on conflict (contact_id, whatsapp_id) where status <> 'closed' do nothing
  returning ${TICKET_COLUMNS.join(", ")}
),
new_cycle as (
  insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queued_at)
  select $1, id, $2, now() from new_ticket
),
quoted as (
  select id, body, from_me, media_type from messages where company_id = $1 and whatsapp_id = $2 and wid = $15
),
msg as (
  insert into messages (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, media_type,
    media_url, quoted_msg_id, participant, data_json, ack, created_at)
  select $1, t.id, case when $12 then null else coalesce((select id from sender), (select id from chat)) end,
    $2, $3, $11, $12, $12, $13, $14, (select id from quoted), $16, $17::text::jsonb, $21, $18::timestamptz
  from (select id from new_ticket union all select id from open_ticket) t
  on conflict (whatsapp_id, wid) do nothing
  returning id, created_at
),
touched as (
  update tickets t set last_message = $19, unread_messages = t.unread_messages + $20, updated_at = now()
  from open_ticket o
  where t.id = o.id and exists (select 1 from msg)
  returning ${TICKET_COLUMNS.map((c) => `t.${c}`).join(", ")}
),
ticket_after as (select * from new_ticket union all select * from touched),
hook_ticket as (
  insert into webhook_deliveries (company_id, whatsapp_id, event_id, event, payload)
  select $1, $2, e.id, 'ticket.created', jsonb_build_object('id', e.id, 'event', 'ticket.created', 'companyId', $1::int,
    'whatsappId', $2::int, 'ticketId', nt.id, 'contactNumber', $4::text, 'message', null, 'createdAt', now())
  from conn, new_ticket nt, lateral (select gen_random_uuid()::text as id) e
  where conn.webhook_url is not null and 'ticket.created' = any(conn.webhook_events)
),
hook_msg as (
  insert into webhook_deliveries (company_id, whatsapp_id, event_id, event, payload)
  select $1, $2, e.id, 'message.received', jsonb_build_object('id', e.id, 'event', 'message.received', 'companyId', $1::int,
    'whatsappId', $2::int, 'ticketId', ta.id, 'contactNumber', $4::text, 'message', jsonb_build_object('id', msg.id, 'wid', $3::text,
      'body', $11::text, 'fromMe', $12::boolean, 'mediaType', $13::text, 'ack', $21::int, 'createdAt', msg.created_at), 'createdAt', now())
  from conn, msg, ticket_after ta, lateral (select gen_random_uuid()::text as id) e
  where conn.webhook_url is not null and 'message.received' = any(conn.webhook_events) and not $12
)
select
  exists (select 1 from conn) as "connectionFound",
  dup.id as "dupId", dup.ticket_id as "dupTicketId",
  msg.id as "messageId", msg.created_at as "createdAt",
  ta.id as "ticketId", ta.uuid, ta.status, ta.queue_id as "queueId", ta.user_id as "userId",
  ta.unread_messages as "unreadMessages", ta.last_message as "lastMessage", ta.updated_at as "updatedAt",
  exists (select 1 from new_ticket) as "ticketCreated",
  chat.id as "contactId", chat.name as "contactName", chat.number as "contactNumber", chat.profile_pic_url as "profilePicUrl",
  sender.id as "senderId", sender.name as "senderName",
  quoted.id as "quotedId", quoted.body as "quotedBody", quoted.from_me as "quotedFromMe", quoted.media_type as "quotedMediaType",
  ta.is_group as "isGroup", ta.chatbot, ta.amount_used_bot_queues as "amountUsedBotQueues", ta.queue_option_id as "queueOptionId",
  ta.last_bot_message_at as "lastBotMessageAt", ta.use_integration as "useIntegration", ta.integration_id as "integrationId",
  ta.prompt_id as "promptId",
  -- the hooks run for a customer's message (not own, not a group's), and the bot acts only on a
  -- pending ticket nobody holds or on a call (lib/chatbot/run-chatbot.ts)
  case when msg.id is not null and not $12 and not $6 and ((ta.status = 'pending' and ta.user_id is null) or $13 = 'call_log')
    then ${botContextSql({ companyId: "$1", whatsappId: "$2", queueId: "ta.queue_id" })} end as "botContext",
  msg.id is not null and not $12 and not $6
    and exists (select 1 from campaign_shipping cs where cs.status = 'confirming' and cs.number = $4 and cs.company_id = $1)
    as "campaignWaiting"
from (select 1) one
  left join dup on true left join msg on true left join ticket_after ta on true
  left join chat on true left join sender on true left join quoted on true
`;

export type IngestRow = {
  connectionFound: boolean;
  dupId: number | null;
  dupTicketId: number | null;
  messageId: number | null;
  createdAt: Date | null;
  ticketId: number | null;
  uuid: string;
  status: "pending" | "open" | "closed";
  queueId: number | null;
  userId: number | null;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: Date;
  ticketCreated: boolean;
  contactId: number;
  contactName: string;
  contactNumber: string;
  profilePicUrl: string;
  senderId: number | null;
  senderName: string | null;
  quotedId: number | null;
  quotedBody: string | null;
  quotedFromMe: boolean | null;
  quotedMediaType: string | null;
  isGroup: boolean;
  chatbot: boolean;
  amountUsedBotQueues: number;
  queueOptionId: number | null;
  lastBotMessageAt: Date | null;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  /** null when the bot has nothing to read for (see the statement) */
  botContext: BotContext | null;
  campaignWaiting: boolean;
};

export type IngestParams = {
  companyId: number;
  whatsappId: number;
  wid: string;
  chat: { number: string; name: string; isGroup: boolean; lid: string | null };
  sender: { number: string; name: string; lid: string | null } | null;
  body: string;
  fromMe: boolean;
  mediaType: string | null;
  mediaKey: string | null;
  quotedWid: string | null;
  participant: string | null;
  raw: string | null;
  createdAt: Date;
  lastMessage: string;
  unreadIncrement: number;
  ack: number;
};

/** The positional parameters of INGEST_SQL, in order. */
export function ingestParams(p: IngestParams) {
  return [
    p.companyId, p.whatsappId, p.wid,
    p.chat.number, p.chat.name, p.chat.isGroup, p.chat.lid,
    p.sender?.number ?? null, p.sender?.name ?? null, p.sender?.lid ?? null,
    p.body, p.fromMe, p.mediaType, p.mediaKey, p.quotedWid, p.participant, p.raw, p.createdAt.toISOString(),
    p.lastMessage, p.unreadIncrement, p.ack,
  ];
}
