-- Issue 19 part 1 (inbound throughput): a small pending list for the trigram GIN indexes of the
-- ticket search. With the default 4 MB list, the backend whose insert finds the list full merges
-- all of it inside its own statement (the p99), and with the bot's long menus in messages.body the
-- big merges cost more CPU per message than small ones; indexing each row directly (fastupdate
-- off) costs more still (measured in docs/performance-ingest.md). A search scans the pending list
-- on every query, so a short one also keeps search fast. Index options only: the index definitions
-- (db/schema) are unchanged. What is pending now is merged at once.
ALTER INDEX "messages_body_trgm_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
ALTER INDEX "contacts_name_number_trgm_idx" SET (gin_pending_list_limit = 128);--> statement-breakpoint
SELECT gin_clean_pending_list('messages_body_trgm_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('contacts_name_number_trgm_idx'::regclass);
