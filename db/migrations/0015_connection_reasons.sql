-- Issue 33 part 4: a reason for every status. The status values stay the spec's; beside them the
-- connection keeps why it is not connected (the provider's code, and a reason the page translates:
-- versionRefused, loggedOut, replaced, restartRequired, neverOpened, network), whether an admin must
-- act (needs_attention), and the WhatsApp Web version that last opened (wa_version, "2.3000.N"),
-- (badSession: WhatsApp cannot read this device's session, 500; repeated, it asks to pair again)
-- the resolver's fallback when WhatsApp's own page cannot be read.
ALTER TABLE "whatsapps" ADD COLUMN "disconnect_code" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "disconnect_reason" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "needs_attention" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "wa_version" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_disconnect_reason_check" CHECK ("disconnect_reason" in ('versionRefused', 'loggedOut', 'replaced', 'restartRequired', 'badSession', 'neverOpened', 'network'));
