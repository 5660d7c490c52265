import { and, asc, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users, whatsapps } from "@/db/schema";
import { enqueueMail } from "@/lib/mail/enqueue";
import { buildAttentionMail } from "./attention-mail";

/**
 * Issue 33 §5: a connection that needs attention mails its company's admins, at most once a day per
 * connection. Call it in the transaction that wrote needsAttention: the update below both decides
 * and records the mail, and its row lock makes a second worker's same update wait for this commit,
 * then find attention_mailed_at recent and send nothing. Returns how many mails were queued.
 */
export async function sendAttentionMail(tx: DbOrTx, ref: { id: number; companyId: number }): Promise<number> {
  const [conn] = await tx
    .update(whatsapps)
    .set({ attentionMailedAt: sql`now()` })
    .where(
      and(
        eq(whatsapps.id, ref.id),
        eq(whatsapps.companyId, ref.companyId),
        eq(whatsapps.needsAttention, true),
        or(isNull(whatsapps.attentionMailedAt), lt(whatsapps.attentionMailedAt, sql`now() - interval '1 day'`)),
      ),
    )
    .returning({ name: whatsapps.name, reason: whatsapps.disconnectReason });
  if (!conn) return 0;
  // users have no blocked or deleted state: every admin of the company is mailed
  const admins = await tx
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(and(eq(users.companyId, ref.companyId), eq(users.profile, "admin")))
    .orderBy(asc(users.id));
  for (const a of admins) {
    await enqueueMail(tx, buildAttentionMail({ to: a.email, name: a.name, locale: a.locale, connection: conn.name, reason: conn.reason }));
  }
  return admins.length;
}
