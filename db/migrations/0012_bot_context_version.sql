-- Issue 19 part 1 (inbound throughput): the chatbot's context (the connection's bot fields, its
-- queues in menu order, the company's chatbot settings, timezone and hours: lib/chatbot/state-sql.ts)
-- was built as JSON by the inbound statement for every message the bot might answer: 0.1 ms of the
-- server's CPU per message, a tenth of the chatbot's whole path. Each process now keeps it per
-- connection (lib/chatbot/context-cache.ts) with the company's bot_context_version it was read at;
-- the inbound statement reads only that number, and a process reads the context again when the number
-- moved. These triggers move it in the same transaction as any change the context is built from, so
-- the next message after a commit sees the change, in every process (never a time-to-live).
ALTER TABLE "companies" ADD COLUMN "bot_context_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_bot_context_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE companies SET bot_context_version = bot_context_version + 1 WHERE id = OLD.company_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.company_id IS DISTINCT FROM OLD.company_id) THEN
    UPDATE companies SET bot_context_version = bot_context_version + 1 WHERE id = NEW.company_id;
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER whatsapps_bot_context AFTER UPDATE ON whatsapps FOR EACH ROW
  WHEN (OLD.greeting_message IS DISTINCT FROM NEW.greeting_message OR OLD.out_of_hours_message IS DISTINCT FROM NEW.out_of_hours_message
    OR OLD.max_use_bot_queues IS DISTINCT FROM NEW.max_use_bot_queues OR OLD.time_use_bot_queues IS DISTINCT FROM NEW.time_use_bot_queues
    OR OLD.integration_id IS DISTINCT FROM NEW.integration_id OR OLD.prompt_id IS DISTINCT FROM NEW.prompt_id
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION bump_bot_context_version();--> statement-breakpoint
CREATE TRIGGER whatsapps_bot_context_rows AFTER INSERT OR DELETE ON whatsapps FOR EACH ROW EXECUTE FUNCTION bump_bot_context_version();--> statement-breakpoint
CREATE TRIGGER queues_bot_context AFTER INSERT OR UPDATE OR DELETE ON queues FOR EACH ROW EXECUTE FUNCTION bump_bot_context_version();--> statement-breakpoint
CREATE TRIGGER whatsapp_queues_bot_context AFTER INSERT OR UPDATE OR DELETE ON whatsapp_queues FOR EACH ROW EXECUTE FUNCTION bump_bot_context_version();--> statement-breakpoint
CREATE TRIGGER settings_bot_context AFTER INSERT OR UPDATE OR DELETE ON settings FOR EACH ROW EXECUTE FUNCTION bump_bot_context_version();--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_own_bot_context_version() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  NEW.bot_context_version := OLD.bot_context_version + 1;
  RETURN NEW;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER companies_bot_context BEFORE UPDATE ON companies FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone OR OLD.schedules IS DISTINCT FROM NEW.schedules)
  EXECUTE FUNCTION bump_own_bot_context_version();
