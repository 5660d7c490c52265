import { and, desc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { mailMessages } from "@/db/schema";

/** The most mails one answer of the sandbox mailbox holds. */
export const SANDBOX_MAIL_LIMIT = 50;

export type SandboxMail = { id: number; to: string; subject: string; text: string; createdAt: Date };

/**
 * The sandbox mailbox (GET /api/sandbox/mail, /sandbox/mail): mail kept because no SMTP is
 * configured, newest first, to one address or the latest of all. Only `kept` rows: mail that went
 * out through SMTP is the recipient's, not something to read here.
 */
export async function listSandboxMail(db: DbOrTx, { to, limit = SANDBOX_MAIL_LIMIT }: { to?: string; limit?: number } = {}): Promise<SandboxMail[]> {
  return db
    .select({ id: mailMessages.id, to: mailMessages.to, subject: mailMessages.subject, text: mailMessages.text, createdAt: mailMessages.createdAt })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, "kept"), to ? eq(mailMessages.to, to.trim().toLowerCase()) : undefined))
    .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
    .limit(limit);
}
