import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import type { integrationTypes } from "@/db/schema/integrations";
import type { BotTarget } from "@/lib/bots/types";
import { recordPromptError } from "@/lib/prompts/record-error";
import { getIntegration, publishIntegration } from "@/lib/queue-integrations/integration-view";
import type { ClaimedTurn } from "./claim";

type Key = Pick<ClaimedTurn, "companyId" | "targetKind" | "targetId">;

/** The turn's prompt or integration as a target (with the integration's type), or null when it was deleted. */
export async function loadTarget(db: DbOrTx, turn: Key): Promise<BotTarget | null> {
  if (turn.targetKind === "prompt") {
    const rows = (await db.execute(sql`select id from prompts where id = ${turn.targetId} and company_id = ${turn.companyId}`)) as unknown as unknown[];
    return rows.length ? { kind: "prompt", promptId: turn.targetId } : null;
  }
  const [row] = (await db.execute(
    sql`select type from queue_integrations where id = ${turn.targetId} and company_id = ${turn.companyId}`,
  )) as unknown as { type: (typeof integrationTypes)[number] }[];
  return row ? { kind: "integration", integrationId: turn.targetId, type: row.type } : null;
}

/**
 * Shows admins why the bot failed (the prompt's or integration's lastError and lastErrorAt; null: a
 * turn went well and clears it), with the `prompt` / `queueIntegration` update event for their open
 * screens. Writes only when the state changes.
 */
export async function recordTargetError(db: Db, turn: Key, error: string | null): Promise<void> {
  if (turn.targetKind === "prompt") return recordPromptError(db, turn.companyId, turn.targetId, error);
  const text = error === null ? null : error.slice(0, 500);
  const rows = (await db.execute(sql`
    update queue_integrations set last_error = ${text}, last_error_at = ${text === null ? null : new Date().toISOString()}::timestamptz
    where id = ${turn.targetId} and company_id = ${turn.companyId} and ${text === null ? sql`last_error is not null` : sql`true`}
    returning id`)) as unknown as unknown[];
  if (!rows.length) return;
  const view = await getIntegration(db, turn.companyId, turn.targetId).catch(() => null);
  if (view) await publishIntegration(turn.companyId, "update", view);
}
