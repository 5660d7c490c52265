import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";

export type CompanySessionEnd = "companyInactive" | "companyDeleted";

/**
 * Ends every session of a company's users (token version bump, as a logout does: their bearer
 * tokens, session cookies and refresh cookies stop working at once) and marks them offline. Call
 * inside the transaction that suspends or deletes the company; returns the users to tell.
 */
export async function endCompanySessions(tx: DbOrTx, companyId: number): Promise<number[]> {
  const rows = await tx
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: false, lastSeenAt: new Date() })
    .where(eq(users.companyId, companyId))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/**
 * The `auth` event on each user's channel, after commit: open browsers learn that their session
 * ended (spec core §7 "auth"). The payload names why; it carries no sessionId, which the
 * logged-in-elsewhere notice uses for a newer session of the same user.
 */
export function publishSessionsEnded(companyId: number, userIds: number[], action: CompanySessionEnd) {
  if (!userIds.length) return Promise.resolve();
  return publish({ channels: userIds.map((id) => channels.user(companyId, id)), event: EVENTS.auth, data: { action } });
}
