CREATE TABLE "bot_sessions" (
	"ticket_id" integer NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_sessions_ticket_id_target_kind_target_id_pk" PRIMARY KEY("ticket_id","target_kind","target_id"),
	CONSTRAINT "bot_sessions_target_kind_check" CHECK ("bot_sessions"."target_kind" in ('prompt', 'integration'))
);
--> statement-breakpoint
CREATE TABLE "bot_turns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"message_id" bigint,
	"target_kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"is_first" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bot_turns_status_check" CHECK ("bot_turns"."status" in ('pending', 'running', 'done', 'failed')),
	CONSTRAINT "bot_turns_target_kind_check" CHECK ("bot_turns"."target_kind" in ('prompt', 'integration'))
);
--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "prompts" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD COLUMN "last_error_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_sessions" ADD CONSTRAINT "bot_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD CONSTRAINT "bot_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_turns" ADD CONSTRAINT "bot_turns_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_sessions_company_idx" ON "bot_sessions" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "bot_turns_open_idx" ON "bot_turns" USING btree ("ticket_id","id") WHERE "bot_turns"."status" in ('pending', 'running');--> statement-breakpoint
CREATE INDEX "bot_turns_due_idx" ON "bot_turns" USING btree ("due_at") WHERE "bot_turns"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "bot_turns_company_idx" ON "bot_turns" USING btree ("company_id");