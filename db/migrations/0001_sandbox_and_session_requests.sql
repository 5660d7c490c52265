CREATE TABLE "sandbox_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"direction" text NOT NULL,
	"wid" text NOT NULL,
	"number" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_type" text,
	"media_path" text,
	"media_name" text,
	"quoted_wid" text,
	"ack" integer DEFAULT 0 NOT NULL,
	"ack_reported" boolean DEFAULT true NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_messages_direction_check" CHECK ("sandbox_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_sessions" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"qr_code" text,
	"paired_at" timestamp with time zone,
	"number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "session_request" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "session_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_messages" ADD CONSTRAINT "sandbox_messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_sessions" ADD CONSTRAINT "sandbox_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_messages_pending_idx" ON "sandbox_messages" USING btree ("whatsapp_id","direction","processed_at");--> statement-breakpoint
CREATE INDEX "sandbox_messages_chat_idx" ON "sandbox_messages" USING btree ("whatsapp_id","number","id");--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_session_request_check" CHECK ("whatsapps"."session_request" in ('start', 'restart', 'logout'));