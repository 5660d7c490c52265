-- Issue 19 part 1 (inbound throughput): the inbound write as a PL/pgSQL function, called by the ONE
-- prepared statement of lib/messages/ingest-statement.ts (one round trip, one transaction, as before).
-- It replaces a 17-CTE statement whose executor set up every part of its plan (about 40 nodes and a
-- dozen subplans) for every message, whatever the message needed: ExecutorStart was a fifth of the
-- server's CPU under the ingest benchmark. Here each step is a small cached plan, run only when
-- needed (an existing contact with its open ticket: 5 short statements). Same behaviour:
--   a replay (the message is already stored) writes nothing and answers dupId;
--   the chat's contact (person or group) and, in groups, the sender: created when missing (on a
--     concurrent insert, merged), a real name written over a placeholder (the number) or an empty
--     one (agents' names kept), a new LID stored;
--   the contact's non-closed ticket on this connection, its last message and unread count moved (the
--     update re-reads it after a concurrent close, so a message never lands in a closed ticket), else a
--     new pending ticket with its first ticket_tracking row; a lost race for that ticket answers no
--     ticket and no message and the caller runs again (its new snapshot sees the winner's ticket);
--   the message, idempotent on (whatsapp_id, wid): a concurrent copy stored first raises IG001, which
--     undoes the whole statement (the ticket's move too), and the caller runs again;
--   the connection's webhook outbox rows (lib/webhooks: ticket.created, message.received).
-- OUT parameters are the camelCase fields the caller reads (lib/messages/ingest-statement.ts).
CREATE OR REPLACE FUNCTION ingest_contact(p_company int, p_whatsapp int, p_number text, p_name text, p_group boolean, p_lid text)
RETURNS contacts LANGUAGE plpgsql AS $fn$
DECLARE
  c contacts;
BEGIN
  SELECT * INTO c FROM contacts x WHERE x.company_id = p_company AND x.number = p_number;
  IF NOT FOUND THEN
    INSERT INTO contacts AS x (company_id, name, number, is_group, lid, whatsapp_id)
    VALUES (p_company, coalesce(nullif(p_name, ''), p_number), p_number, p_group, p_lid, p_whatsapp)
    ON CONFLICT (company_id, number) DO UPDATE SET
      name = CASE WHEN excluded.name <> excluded.number AND (excluded.is_group OR x.name IN ('', x.number)) THEN excluded.name ELSE x.name END,
      lid = coalesce(excluded.lid, x.lid),
      updated_at = now()
    RETURNING x.* INTO c;
  ELSIF (p_name <> '' AND p_name <> c.name AND (p_group OR c.name IN ('', c.number)))
     OR (p_lid IS NOT NULL AND p_lid IS DISTINCT FROM c.lid) THEN
    UPDATE contacts x SET
      name = CASE WHEN p_name <> '' AND (p_group OR x.name IN ('', x.number)) THEN p_name ELSE x.name END,
      lid = coalesce(p_lid, x.lid),
      updated_at = now()
    WHERE x.id = c.id
    RETURNING x.* INTO c;
  END IF;
  RETURN c;
END
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ingest_webhook_delivery(p_company int, p_whatsapp int, p_event text, p_ticket int, p_number text, p_message jsonb)
RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO webhook_deliveries (company_id, whatsapp_id, event_id, event, payload)
  SELECT p_company, p_whatsapp, e.id, p_event, jsonb_build_object('id', e.id, 'event', p_event, 'companyId', p_company,
    'whatsappId', p_whatsapp, 'ticketId', p_ticket, 'contactNumber', p_number, 'message', p_message, 'createdAt', now())
  FROM (SELECT gen_random_uuid()::text AS id) e
$fn$;--> statement-breakpoint
create or replace function ingest_message(
  p_company int, p_whatsapp int, p_wid text,
  p_chat_number text, p_chat_name text, p_chat_group boolean, p_chat_lid text,
  p_sender_number text, p_sender_name text, p_sender_lid text,
  p_body text, p_from_me boolean, p_media_type text, p_media_url text, p_quoted_wid text,
  p_participant text, p_raw text, p_created_at timestamptz, p_last_message text, p_unread int, p_ack int,
  out "connectionFound" boolean, out "dupId" bigint, out "dupTicketId" int, out "messageId" bigint, out "createdAt" timestamptz,
  out "ticketId" int, out "uuid" uuid, out "status" text, out "queueId" int, out "userId" int, out "unreadMessages" int,
  out "lastMessage" text, out "updatedAt" timestamptz, out "isGroup" boolean, out "chatbot" boolean,
  out "amountUsedBotQueues" int, out "queueOptionId" int, out "lastBotMessageAt" timestamptz,
  out "useIntegration" boolean, out "integrationId" int, out "promptId" int, out "ticketCreated" boolean,
  out "contactId" int, out "contactName" text, out "contactNumber" text, out "profilePicUrl" text,
  out "senderId" int, out "senderName" text,
  out "quotedId" bigint, out "quotedBody" text, out "quotedFromMe" boolean, out "quotedMediaType" text)
language plpgsql as $fn$
#variable_conflict use_column
declare
  v_hook_url text;
  v_hook_events text[];
  v_contact contacts;
  v_ticket tickets;
  v_msg record;
begin
  select w.webhook_url, w.webhook_events into v_hook_url, v_hook_events from whatsapps w where w.id = p_whatsapp and w.company_id = p_company;
  "connectionFound" := found;
  "ticketCreated" := false;
  if not found then return; end if;
  select m.id, m.ticket_id into "dupId", "dupTicketId" from messages m
    where m.whatsapp_id = p_whatsapp and m.wid = p_wid and m.company_id = p_company;
  if "dupId" is not null then return; end if;

  -- the chat's contact as it is when nothing about it changes (nearly always), else ingest_contact
  select x.* into v_contact from contacts x where x.company_id = p_company and x.number = p_chat_number;
  if v_contact.id is null or (p_chat_name <> '' and p_chat_name <> v_contact.name and (p_chat_group or v_contact.name in ('', v_contact.number)))
     or (p_chat_lid is not null and p_chat_lid is distinct from v_contact.lid) then
    v_contact := ingest_contact(p_company, p_whatsapp, p_chat_number, p_chat_name, p_chat_group, p_chat_lid);
  end if;
  "contactId" := v_contact.id; "contactName" := v_contact.name; "contactNumber" := v_contact.number; "profilePicUrl" := v_contact.profile_pic_url;
  if p_sender_number is not null then
    v_contact := ingest_contact(p_company, p_whatsapp, p_sender_number, p_sender_name, false, p_sender_lid);
    "senderId" := v_contact.id; "senderName" := v_contact.name;
  end if;

  -- the contact's open ticket on this connection, moved (the update locks it, and re-reads it after
  -- a concurrent close, so a message never lands in a closed ticket); else a new pending one
  update tickets t set last_message = p_last_message, unread_messages = t.unread_messages + p_unread, updated_at = now()
  where t.contact_id = "contactId" and t.company_id = p_company and t.whatsapp_id = p_whatsapp and t.status <> 'closed'
  returning t.* into v_ticket;
  if not found then
    insert into tickets as t (company_id, contact_id, whatsapp_id, status, is_group, last_message, unread_messages)
    values (p_company, "contactId", p_whatsapp, 'pending', p_chat_group, p_last_message, p_unread)
    on conflict (contact_id, whatsapp_id) where status <> 'closed' do nothing
    returning t.* into v_ticket;
    -- lost a race for the contact's ticket: the caller runs again (a new snapshot sees the winner's)
    if not found then return; end if;
    "ticketCreated" := true;
    insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queued_at) values (p_company, v_ticket.id, p_whatsapp, now());
  end if;

  if p_quoted_wid is not null then
    select q.id, q.body, q.from_me, q.media_type into "quotedId", "quotedBody", "quotedFromMe", "quotedMediaType"
    from messages q where q.company_id = p_company and q.whatsapp_id = p_whatsapp and q.wid = p_quoted_wid;
  end if;

  insert into messages as m (company_id, ticket_id, contact_id, whatsapp_id, wid, body, from_me, read, media_type,
    media_url, quoted_msg_id, participant, data_json, ack, created_at)
  values (p_company, v_ticket.id, case when p_from_me then null else coalesce("senderId", "contactId") end,
    p_whatsapp, p_wid, p_body, p_from_me, p_from_me, p_media_type, p_media_url, "quotedId", p_participant, p_raw::jsonb, p_ack, p_created_at)
  on conflict (whatsapp_id, wid) do nothing
  returning m.id, m.created_at into v_msg;
  if not found then
    -- a concurrent copy of the message was stored first: undo the ticket's move (or its creation)
    -- and let the caller run again, which then finds the copy (lib/messages/ingest-inbound.ts)
    raise exception 'message % stored meanwhile', p_wid using errcode = 'IG001';
  end if;
  "messageId" := v_msg.id; "createdAt" := v_msg.created_at;

  "ticketId" := v_ticket.id; "uuid" := v_ticket.uuid; "status" := v_ticket.status; "queueId" := v_ticket.queue_id;
  "userId" := v_ticket.user_id; "unreadMessages" := v_ticket.unread_messages; "lastMessage" := v_ticket.last_message;
  "updatedAt" := v_ticket.updated_at; "isGroup" := v_ticket.is_group; "chatbot" := v_ticket.chatbot;
  "amountUsedBotQueues" := v_ticket.amount_used_bot_queues; "queueOptionId" := v_ticket.queue_option_id;
  "lastBotMessageAt" := v_ticket.last_bot_message_at; "useIntegration" := v_ticket.use_integration;
  "integrationId" := v_ticket.integration_id; "promptId" := v_ticket.prompt_id;

  if v_hook_url is not null then
    if "ticketCreated" and 'ticket.created' = any(v_hook_events) then
      perform ingest_webhook_delivery(p_company, p_whatsapp, 'ticket.created', "ticketId", p_chat_number, null);
    end if;
    if not p_from_me and 'message.received' = any(v_hook_events) then
      perform ingest_webhook_delivery(p_company, p_whatsapp, 'message.received', "ticketId", p_chat_number, jsonb_build_object('id', "messageId",
        'wid', p_wid, 'body', p_body, 'fromMe', p_from_me, 'mediaType', p_media_type, 'ack', p_ack, 'createdAt', "createdAt"));
    end if;
  end if;
end
$fn$;
