-- A bot turn was lost when the database failed right after the customer's message was stored: the
-- message was committed, the work after it (lib/messages/after-inbound.ts: campaign confirmation,
-- held-turn guards, chatbot) failed, and the inbox row went, so nothing took the turn again. Now
-- such a failure makes the inbox try the row again, and the retry (the message already stored: a
-- duplicate) runs that work again unless the bot's turn on the message was taken.
--   messages.turn_taken_at: when a bot's turn answering this inbound message was written, by that
--     write itself (write_bot_turn below: a turn written after the message, or with it by the
--     ingest statement). Messages stored before this migration read as taken (the default is
--     evaluated once, here: the column is metadata only); new rows start null.
--   write_bot_turn: as in 0013_bot_turn_function.sql, and a turn answering a message (p_message)
--     marks it, before anything else: of two runs of one message's turn at once (a message
--     delivered twice at the same moment) one is written, never two; the other finds the mark
--     (after waiting for the first's commit) and answers matched = false, a conflict: its caller
--     reads the ticket again (lib/chatbot/run-chatbot.ts). A turn whose ticket changed (the
--     compare-and-set fails) takes its mark back: its caller decides again, or runs the bot after
--     the message.
ALTER TABLE "messages" ADD COLUMN "turn_taken_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "turn_taken_at" DROP DEFAULT;--> statement-breakpoint
CREATE OR REPLACE FUNCTION write_bot_turn(
  p_ticket int, p_company int, p_whatsapp int,
  p_status text, p_user int, p_queue int, p_option int, p_chatbot boolean, p_amount int, p_use_integration boolean,
  p_patch jsonb, p_said_at timestamptz, p_moved boolean, p_wids text[], p_bodies text[],
  p_target_kind text, p_target_id int, p_first boolean, p_message bigint,
  OUT matched boolean, OUT "updatedAt" timestamptz, OUT ids bigint[], OUT wids text[], OUT "createdAt" text[])
LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_message IS NOT NULL THEN
    UPDATE messages SET turn_taken_at = now() WHERE id = p_message AND turn_taken_at IS NULL;
    IF NOT FOUND THEN
      matched := false;
      RETURN;
    END IF;
  END IF;
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
  IF NOT found THEN
    IF p_message IS NOT NULL THEN
      UPDATE messages SET turn_taken_at = NULL WHERE id = p_message;
    END IF;
    RETURN;
  END IF;
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
