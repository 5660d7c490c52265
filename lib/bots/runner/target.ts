import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { integrationTypes } from "@/db/schema/integrations";
import type { BotTarget } from "@/lib/bots/types";
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

const table = (turn: Key) => sql.raw(turn.targetKind === "prompt" ? "prompts" : "queue_integrations");

/** Shows admins why the bot failed (the prompt's or integration's lastError and lastErrorAt). */
export async function recordTargetError(db: DbOrTx, turn: Key, error: string): Promise<void> {
  await db.execute(sql`
    update ${table(turn)} set last_error = ${error.slice(0, 1000)}, last_error_at = now()
    where id = ${turn.targetId} and company_id = ${turn.companyId}`);
}

/** A turn that went well clears the last error (a write only when there is one). */
export async function clearTargetError(db: DbOrTx, turn: Key): Promise<void> {
  await db.execute(sql`
    update ${table(turn)} set last_error = null, last_error_at = null
    where id = ${turn.targetId} and company_id = ${turn.companyId} and last_error is not null`);
}
