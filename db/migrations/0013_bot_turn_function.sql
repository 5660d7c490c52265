-- Issue 19 part 1 (inbound throughput): the chatbot's turn write as a PL/pgSQL function, so the
-- turns of concurrent messages can share one statement (lib/chatbot/turn-statement.ts calls it
-- once per turn, over a JSON array of turns: db/batched-statement.ts). Same behaviour as the
-- statement it replaces (lib/chatbot/turn.ts):
--   the ticket's changes apply only if what the decision read is still there (status, user, queue,
--     option, bot flag and counter, integration flag): compare-and-set; `matched` says whether;
--   p_patch holds the changed fields under their BotPatch names (a key present with null sets
--     null; a key absent leaves the column as it is, and an unchanged indexed column keeps the
--     update HOT); last_bot_message_at moves when the turn says something, updated_at when the
--     ticket changed queue (p_moved);
--   what the bot says becomes outbox rows (fromMe, no user, pending), inserted only with the
--     ticket's change, in the order given; their ids, wids and times come back in that order (the
--     times as text: the app's client leaves timestamps as Postgres writes them, drizzle's setting,
--     and has no parser for an array of them);
--   a hand-off to a bot (p_target_kind) writes its durable bot turn, only with the ticket's change.
CREATE OR REPLACE FUNCTION write_bot_turn(
  p_ticket int, p_company int, p_whatsapp int,
  p_status text, p_user int, p_queue int, p_option int, p_chatbot boolean, p_amount int, p_use_integration boolean,
  p_patch jsonb, p_said_at timestamptz, p_moved boolean, p_wids text[], p_bodies text[],
  p_target_kind text, p_target_id int, p_first boolean, p_message bigint,
  OUT matched boolean, OUT "updatedAt" timestamptz, OUT ids bigint[], OUT wids text[], OUT "createdAt" text[])
LANGUAGE plpgsql AS $fn$
BEGIN
  UPDATE tickets t SET
    queue_id = CASE WHEN p_patch ? 'queueId' THEN (p_patch->>'queueId')::int ELSE t.queue_id END,
    queue_option_id = CASE WHEN p_patch ? 'queueOptionId' THEN (p_patch->>'queueOptionId')::int ELSE t.queue_option_id END,
    chatbot = CASE WHEN p_patch ? 'chatbot' THEN (p_patch->>'chatbot')::boolean ELSE t.chatbot END,
    amount_used_bot_queues = CASE WHEN p_patch ? 'amountUsedBotQueues' THEN (p_patch->>'amountUsedBotQueues')::int ELSE t.amount_used_bot_queues END,
    use_integration = CASE WHEN p_patch ? 'useIntegration' THEN (p_patch->>'useIntegration')::boolean ELSE t.use_integration END,
    integration_id = CASE WHEN p_patch ? 'integrationId' THEN (p_patch->>'integrationId')::int ELSE t.integration_id END,
    prompt_id = CASE WHEN p_patch ? 'promptId' THEN (p_patch->>'promptId')::int ELSE t.prompt_id END,
    last_bot_message_at = coalesce(p_said_at, t.last_bot_message_at),
    updated_at = CASE WHEN p_moved THEN now() ELSE t.updated_at END
  WHERE t.id = p_ticket AND t.company_id = p_company
    AND t.status = p_status AND t.user_id IS NOT DISTINCT FROM p_user
    AND t.queue_id IS NOT DISTINCT FROM p_queue AND t.queue_option_id IS NOT DISTINCT FROM p_option
    AND t.chatbot = p_chatbot AND t.amount_used_bot_queues = p_amount AND t.use_integration = p_use_integration
  RETURNING t.updated_at INTO "updatedAt";
  matched := found;
  IF NOT found THEN RETURN; END IF;
  IF cardinality(p_wids) > 0 THEN
    WITH m AS (
      INSERT INTO messages (company_id, ticket_id, whatsapp_id, wid, body, from_me, read, send_status, ack)
      SELECT p_company, p_ticket, p_whatsapp, x.wid, x.body, true, true, 'pending', 0
      FROM unnest(p_wids, p_bodies) WITH ORDINALITY AS x (wid, body, n)
      ORDER BY x.n
      RETURNING id, wid, created_at
    )
    SELECT array_agg(m.id ORDER BY m.id), array_agg(m.wid ORDER BY m.id), array_agg(m.created_at::text ORDER BY m.id)
    INTO ids, wids, "createdAt" FROM m;
  END IF;
  IF p_target_kind IS NOT NULL THEN
    INSERT INTO bot_turns (company_id, ticket_id, message_id, target_kind, target_id, is_first)
    VALUES (p_company, p_ticket, p_message, p_target_kind, p_target_id, p_first);
  END IF;
END
$fn$;
