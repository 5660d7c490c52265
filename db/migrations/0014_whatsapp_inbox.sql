-- Issue 33 (real WhatsApp), parts 1-3:
--   whatsapp_inbox: what a provider received, written at receipt before anything else (media
--     download, LID lookup, ingest), so a failed write, a crash or a restart loses nothing. A drain
--     (lib/whatsapp/worker/inbox-drain.ts) reads it per connection in arrival order, keeps each
--     chat's order, retries with backoff and deletes a row once its message is stored. A row whose
--     sender WhatsApp has not identified yet (a LID with no known number) waits, with no time limit.
--     payload is the provider's raw message as JSON text (Baileys: WAMessage through BufferJSON);
--     text, not jsonb, since jsonb refuses the NUL a customer's message can hold.
--     kind: live (arrived while connected), held (WhatsApp kept it while no socket was up: Baileys'
--     append), history (history sync: stored silently). bot_turn: for held rows, whether the bot may
--     answer it (the newest customer message of its chat in its batch, decided at receipt).
--   whatsapps.connected_at: when the connection last became CONNECTED (inactivity expiry waits a
--     grace period after it, while WhatsApp delivers what it held).
--   campaign_messages.data_json: the message as sent, so a retry WhatsApp asks for can be answered
--     (getMessage), as messages.data_json does for the rest; found by (whatsapp_id, wid).
CREATE TABLE "whatsapp_inbox" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "company_id" integer NOT NULL REFERENCES "companies"("id") ON DELETE CASCADE,
  "whatsapp_id" integer NOT NULL REFERENCES "whatsapps"("id") ON DELETE CASCADE,
  "wid" text NOT NULL,
  "chat" text NOT NULL,
  "kind" text NOT NULL,
  "bot_turn" boolean DEFAULT true NOT NULL,
  "payload" text NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "waiting_for" text,
  "last_error" text,
  CONSTRAINT "whatsapp_inbox_connection_wid_unique" UNIQUE ("whatsapp_id", "wid"),
  CONSTRAINT "whatsapp_inbox_kind_check" CHECK ("kind" in ('live', 'held', 'history'))
);--> statement-breakpoint
CREATE INDEX "whatsapp_inbox_due_idx" ON "whatsapp_inbox" ("whatsapp_id", "id") WHERE "waiting_for" IS NULL;--> statement-breakpoint
CREATE INDEX "whatsapp_inbox_waiting_idx" ON "whatsapp_inbox" ("whatsapp_id", "waiting_for") WHERE "waiting_for" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "connected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD COLUMN "data_json" jsonb;--> statement-breakpoint
CREATE INDEX "campaign_messages_wid_idx" ON "campaign_messages" ("whatsapp_id", "wid");
