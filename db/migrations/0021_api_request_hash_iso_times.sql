-- Issue 34 §7 items 5 and 7 (integrators of the external API).
--   api_idempotency_keys.request_hash: the SHA-256 of the canonical request that took the key
--     (lib/external-api/request-hash.ts); the same key with another request answers 422
--     ERR_IDEMPOTENCY_KEY_REUSED. Keys stored before this migration have none and are never refused.
--   iso_utc(t): a time as the API writes every time, ISO 8601 in UTC with milliseconds and `Z`
--     (what JS's toISOString gives), for JSON built in SQL; to_jsonb of a timestamptz gives
--     Postgres' own text (`2026-11-28T14:25:52.65687+00:00`) instead. Microseconds are dropped, as
--     a JS Date drops them reading one.
--   ingest_webhook_delivery: as in 0011_ingest_function.sql, with the event's and the message's
--     createdAt written by iso_utc (ingest_message passes the message's as a timestamptz in jsonb);
--     deliveries still waiting get their times rewritten so.
ALTER TABLE "api_idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION iso_utc(t timestamptz) RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$fn$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION ingest_webhook_delivery(p_company int, p_whatsapp int, p_event text, p_ticket int, p_number text, p_message jsonb)
RETURNS void LANGUAGE sql AS $fn$
  INSERT INTO webhook_deliveries (company_id, whatsapp_id, event_id, event, payload)
  SELECT p_company, p_whatsapp, e.id, p_event, jsonb_build_object('id', e.id, 'event', p_event, 'companyId', p_company,
    'whatsappId', p_whatsapp, 'ticketId', p_ticket, 'contactNumber', p_number,
    'message', CASE WHEN p_message ? 'createdAt'
      THEN p_message || jsonb_build_object('createdAt', iso_utc((p_message->>'createdAt')::timestamptz))
      ELSE p_message END,
    'createdAt', iso_utc(now()))
  FROM (SELECT gen_random_uuid()::text AS id) e
$fn$;
--> statement-breakpoint
-- deliveries still waiting were built before: their times are written again the same way
UPDATE webhook_deliveries SET payload = payload
  || jsonb_build_object('createdAt', iso_utc((payload->>'createdAt')::timestamptz))
  || CASE WHEN jsonb_typeof(payload->'message') = 'object' AND payload->'message' ? 'createdAt'
    THEN jsonb_build_object('message', (payload->'message') || jsonb_build_object('createdAt', iso_utc((payload->'message'->>'createdAt')::timestamptz)))
    ELSE '{}'::jsonb END
WHERE status = 'pending' AND payload ? 'createdAt';
