-- Issue 33 part 5: a connection that needs attention mails its company's admins, at most once a day
-- per connection. attention_mailed_at is when the last such mail was queued; the worker sets it in
-- the statement that decides to mail (only when null or older than a day), so two workers never
-- both send it. Not cleared when the connection heals: a flapping one mails once a day at most.
ALTER TABLE "whatsapps" ADD COLUMN "attention_mailed_at" timestamp with time zone;
