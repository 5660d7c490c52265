-- Issue 33 part 6: one pacer per real-number connection for what nobody asked for (campaigns,
-- schedules and API sends to a number silent for 24 h). Each connection's limits (an admin changes
-- them within the form's bounds), and the pause the worker writes when a cap is reached or WhatsApp
-- restricted the account (463): the connections page and the campaign report show it.
ALTER TABLE "whatsapps" ADD COLUMN "send_min_gap_seconds" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "send_hour_cap" integer DEFAULT 40 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "send_day_cap" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "send_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "send_pause_reason" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_send_limits_check" CHECK ("send_min_gap_seconds" >= 0 AND "send_hour_cap" > 0 AND "send_day_cap" > 0);--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_send_pause_reason_check" CHECK ("send_pause_reason" IS NULL OR "send_pause_reason" IN ('hourCap', 'dayCap', 'restricted'));--> statement-breakpoint
-- who or what wrote an outbound message (issue 38 sets it on every write path; this issue on
-- schedules and API sends, the ones the pacer may hold); null: not recorded
ALTER TABLE "messages" ADD COLUMN "sender_kind" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_kind_check" CHECK ("sender_kind" IS NULL OR "sender_kind" IN ('agent', 'bot', 'system', 'campaign', 'schedule', 'api', 'phone'));--> statement-breakpoint
-- one row per unsolicited send (a new recipient reached); the caps count the last hour and day.
-- Rows older than two days are pruned by the pacer.
CREATE TABLE "whatsapp_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_sends" ADD CONSTRAINT "whatsapp_sends_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_sends_connection_idx" ON "whatsapp_sends" USING btree ("whatsapp_id","sent_at");
