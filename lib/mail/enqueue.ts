import type { DbOrTx } from "@/db";
import { mailMessages } from "@/db/schema";
import { getEnv } from "@/lib/env";

export type Mail = { to: string; subject: string; text: string; html?: string };

/** The sender address: MAIL_FROM, else no-reply at the host of APP_URL. */
export function mailFrom(): string {
  const env = getEnv();
  return env.MAIL_FROM ?? `no-reply@${new URL(env.APP_URL).hostname}`;
}

/**
 * Puts a mail in the outbox (mail_messages), in the caller's transaction when given one: it is
 * delivered once that commits (lib/mail delivery), or kept in the sandbox mailbox when no SMTP is
 * configured. Returns the row id.
 */
export async function enqueueMail(db: DbOrTx, mail: Mail): Promise<number> {
  const kept = !getEnv().SMTP_URL;
  const [row] = await db
    .insert(mailMessages)
    .values({
      to: mail.to.toLowerCase(),
      from: mailFrom(),
      subject: mail.subject,
      text: mail.text,
      html: mail.html ?? "",
      status: kept ? "kept" : "pending",
      nextAttemptAt: kept ? null : new Date(),
    })
    .returning({ id: mailMessages.id });
  return row.id;
}
