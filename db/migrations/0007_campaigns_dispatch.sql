CREATE TABLE "campaign_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"shipping_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"kind" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"wid" text NOT NULL,
	"number" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_path" text,
	"media_type" text,
	"media_name" text,
	"check_number" boolean DEFAULT false NOT NULL,
	"send_status" text DEFAULT 'pending' NOT NULL,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"send_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_messages_shipping_part_unique" UNIQUE("shipping_id","kind","position"),
	CONSTRAINT "campaign_messages_kind_check" CHECK ("campaign_messages"."kind" in ('confirmation', 'message')),
	CONSTRAINT "campaign_messages_status_check" CHECK ("campaign_messages"."send_status" in ('pending', 'sending', 'sent', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "campaign_shipping" DROP CONSTRAINT "campaign_shipping_campaign_contact_unique";--> statement-breakpoint
ALTER TABLE "contact_list_items" ALTER COLUMN "is_whatsapp_valid" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contact_list_items" ALTER COLUMN "is_whatsapp_valid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD COLUMN "email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "contact_list_items" ADD COLUMN "whatsapp_checked_at" timestamp with time zone;--> statement-breakpoint
-- nothing ever checked these numbers: false meant "not known", which would skip every contact
UPDATE "contact_list_items" SET "is_whatsapp_valid" = NULL;--> statement-breakpoint
UPDATE "campaign_shipping" SET "status" = 'delivered' WHERE "delivered_at" IS NOT NULL;--> statement-breakpoint
DELETE FROM "campaign_shipping" a USING "campaign_shipping" b
  WHERE a."campaign_id" = b."campaign_id" AND a."number" = b."number" AND a."id" > b."id";--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_shipping_id_campaign_shipping_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."campaign_shipping"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_messages" ADD CONSTRAINT "campaign_messages_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_messages_outbox_idx" ON "campaign_messages" USING btree ("whatsapp_id","id") WHERE "campaign_messages"."send_status" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "campaign_messages_campaign_idx" ON "campaign_messages" USING btree ("campaign_id","send_status");--> statement-breakpoint
CREATE INDEX "campaign_shipping_campaign_status_idx" ON "campaign_shipping" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "campaign_shipping_due_idx" ON "campaign_shipping" USING btree ("due_at","id") WHERE "campaign_shipping"."status" = 'pending' and "campaign_shipping"."due_at" is not null;--> statement-breakpoint
CREATE INDEX "campaign_shipping_confirming_idx" ON "campaign_shipping" USING btree ("number") WHERE "campaign_shipping"."status" = 'confirming';--> statement-breakpoint
CREATE INDEX "contact_list_items_list_name_idx" ON "contact_list_items" USING btree ("contact_list_id","name","id");--> statement-breakpoint
CREATE INDEX "contact_list_items_unchecked_idx" ON "contact_list_items" USING btree ("company_id","id") WHERE "contact_list_items"."is_whatsapp_valid" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_wid_unique" ON "sandbox_messages" USING btree ("whatsapp_id","direction","wid");--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_campaign_number_unique" UNIQUE("campaign_id","number");--> statement-breakpoint
ALTER TABLE "campaign_shipping" ADD CONSTRAINT "campaign_shipping_status_check" CHECK ("campaign_shipping"."status" in ('pending', 'queued', 'confirming', 'delivered', 'invalid', 'failed'));