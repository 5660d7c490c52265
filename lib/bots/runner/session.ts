import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { BotSession } from "@/lib/bots/types";
import type { ClaimedTurn } from "./claim";

type Key = Pick<ClaimedTurn, "ticketId" | "companyId" | "targetKind" | "targetId">;

/**
 * The provider's state for this ticket and target (bot_sessions): what it saved last time, or {}
 * when nothing was saved or it expired (an expired row is forgotten here). `save` and `clear`
 * write at once: a provider that saved and then failed keeps what it saved.
 */
export async function loadSession(db: DbOrTx, key: Key, now = new Date()): Promise<BotSession> {
  const [row] = (await db.execute(sql`
    select data, expires_at as "expiresAt" from bot_sessions
    where ticket_id = ${key.ticketId} and target_kind = ${key.targetKind} and target_id = ${key.targetId}`)) as unknown as {
    data: Record<string, unknown>;
    expiresAt: Date | string | null;
  }[];
  const expired = row?.expiresAt != null && new Date(row.expiresAt) <= now;
  if (expired) await clearSession(db, key);
  const session: BotSession = {
    data: row && !expired ? (row.data ?? {}) : {},
    async save(data, expiresAt = null) {
      session.data = data;
      await db.execute(sql`
        insert into bot_sessions (ticket_id, target_kind, target_id, company_id, data, expires_at)
        values (${key.ticketId}, ${key.targetKind}, ${key.targetId}, ${key.companyId}, ${JSON.stringify(data)}::jsonb,
          ${expiresAt ? expiresAt.toISOString() : null}::timestamptz)
        on conflict (ticket_id, target_kind, target_id)
        do update set data = excluded.data, expires_at = excluded.expires_at, updated_at = now()`);
    },
    async clear() {
      session.data = {};
      await clearSession(db, key);
    },
  };
  return session;
}

export async function clearSession(db: DbOrTx, key: Key): Promise<void> {
  await db.execute(sql`
    delete from bot_sessions where ticket_id = ${key.ticketId} and target_kind = ${key.targetKind} and target_id = ${key.targetId}`);
}
