-- Trigram GIN indexes for the ticket list text search (ILIKE %term% on message bodies and contact
-- names/numbers): pg_trgm for the trigrams, btree_gin for company_id in the same index. Both are
-- trusted extensions (Postgres 13+) and PGlite contrib ones (workers/embedded-postgres.ts loads them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_send_status_check";--> statement-breakpoint
DROP INDEX "ticket_tags_tag_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "revoke_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contacts_name_number_trgm_idx" ON "contacts" USING gin ("company_id","name" gin_trgm_ops,"number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_company_updated_idx" ON "tickets" USING btree ("company_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tickets_company_created_idx" ON "tickets" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_company_unread_idx" ON "tickets" USING btree ("company_id","status","updated_at" DESC NULLS FIRST) WHERE "tickets"."unread_messages" > 0;--> statement-breakpoint
CREATE INDEX "messages_revoke_idx" ON "messages" USING btree ("whatsapp_id") WHERE "messages"."revoke_requested_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_body_trgm_idx" ON "messages" USING gin ("company_id","body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "ticket_tags_tag_idx" ON "ticket_tags" USING btree ("tag_id","ticket_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_send_status_check" CHECK ("messages"."send_status" in ('pending', 'sending', 'sent', 'failed', 'cancelled'));