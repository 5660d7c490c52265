import { getDb, type Db } from "@/db";
import { claimDueMail } from "./claim-mail";
import { markMailAttemptFailed, markMailSent } from "./mark-mail";
import { getMailTransport } from "./transport";

export type DeliveryResult = { sent: number; retrying: number; failed: number; full: boolean; errors: { id: number; error: string }[] };

type Options = { ids?: number[]; limit?: number; now?: Date };

/**
 * Sends due pending mail through SMTP (the outbox's only sender): claims rows race-safely, sends
 * each, and marks it sent, or due again after a backoff, or failed after MAX_MAIL_ATTEMPTS. Without
 * SMTP configured nothing is pending (rows are kept in the sandbox mailbox) and nothing is sent.
 * Called right after a mail's transaction commits (deliverMailNow) and by the timed work (the
 * embedded scheduler, the Inngest function) for retries and whatever an instance left behind.
 */
export async function deliverMail(db: Db, { ids, limit = 20, now = new Date() }: Options = {}): Promise<DeliveryResult> {
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0, full: false, errors: [] };
  const transport = getMailTransport();
  if (!transport) return result;
  const claimed = await claimDueMail(db, { ids, limit, now });
  result.full = claimed.length >= limit;
  for (const mail of claimed) {
    try {
      await transport.sendMail({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html || undefined });
      await markMailSent(db, mail, now);
      result.sent++;
    } catch (err) {
      const error = (err as Error).message || String(err);
      const gaveUp = await markMailAttemptFailed(db, mail, error, now);
      if (gaveUp) result.failed++;
      else result.retrying++;
      result.errors.push({ id: mail.id, error });
    }
  }
  return result;
}

/**
 * The send right after the transaction that wrote the mail has committed, so it leaves at once.
 * Never throws: a mail that did not go out stays pending and the timed work retries it.
 */
export async function deliverMailNow(ids: number[]): Promise<DeliveryResult | null> {
  try {
    const r = await deliverMail(getDb(), { ids, limit: ids.length });
    for (const e of r.errors) console.warn(`[mail] mail ${e.id} not sent yet: ${e.error}`);
    return r;
  } catch (err) {
    console.warn("[mail] delivery after commit failed, left to the scheduler:", (err as Error).message);
    return null;
  }
}
