-- Issue 34 §2.1: saving an edited CANCELADA campaign with a time made it PROGRAMADA, and the
-- dispatcher then started it over the recipients fixed at its first start, whose due times the
-- cancel had cleared: EM_ANDAMENTO with nothing ever due, neither restartable nor deletable (409).
-- A save now keeps CANCELADA. Campaigns already stuck go back to CANCELADA as a cancel leaves them
-- (lib/campaigns/dispatch/cancel-campaign.ts): pending recipients without a due time, outbox rows
-- still waiting cancelled and their recipients pending again; a restart gives them due times. So do
-- campaigns such a save made PROGRAMADA after they had started (recipients fixed), not yet taken.
WITH stuck AS (
	UPDATE "campaigns" c SET "status" = 'CANCELADA', "updated_at" = now()
	WHERE (c."status" = 'EM_ANDAMENTO' AND EXISTS (
			SELECT 1 FROM "campaign_shipping" s WHERE s."campaign_id" = c."id" AND s."status" = 'pending' AND s."due_at" IS NULL))
		OR (c."status" = 'PROGRAMADA' AND EXISTS (SELECT 1 FROM "campaign_shipping" s WHERE s."campaign_id" = c."id"))
	RETURNING c."id"
),
cleared AS (
	UPDATE "campaign_shipping" SET "due_at" = NULL, "updated_at" = now()
	WHERE "campaign_id" IN (SELECT "id" FROM stuck) AND "status" = 'pending' AND "due_at" IS NOT NULL
),
cancelled AS (
	UPDATE "campaign_messages" SET "send_status" = 'cancelled', "updated_at" = now()
	WHERE "campaign_id" IN (SELECT "id" FROM stuck) AND "send_status" = 'pending'
	RETURNING "shipping_id"
)
UPDATE "campaign_shipping" s SET "status" = 'pending', "due_at" = NULL, "updated_at" = now()
WHERE s."id" IN (SELECT "shipping_id" FROM cancelled) AND s."status" = 'queued';
