-- Issue 33 part 6: when a real number's next batch of contact-list number checks goes, written by
-- the worker as each batch goes (null: none planned, nothing was left to check). The contact list
-- page shows it beside the counts ("412 of 5,000 checked, next batch in 20 s").
ALTER TABLE "whatsapps" ADD COLUMN "number_check_next_at" timestamp with time zone;--> statement-breakpoint
-- The day's lookups of the connection (background checks and campaigns' inline ones, against the
-- 1,000 a day cap): kept here so a restarted or new worker does not start the day's count again.
ALTER TABLE "whatsapps" ADD COLUMN "number_checks_day" date;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "number_checks_count" integer DEFAULT 0 NOT NULL;
