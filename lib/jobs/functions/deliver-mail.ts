import { getDb } from "@/db";
import { deliverMail } from "@/lib/mail/deliver-mail";
import { inngest } from "../client";
import { drainBatches } from "./drain";

/** Mails one step sends; a busier minute takes more steps, each retried on its own. */
export const MAIL_BATCH = 20;
const MAX_BATCHES = 10;

/**
 * Every minute: pending mail whose next attempt is due (a send that failed and waits out its
 * backoff, or one an instance claimed and never finished) goes out through SMTP. Mail normally
 * leaves right after its transaction commits; this is the retry path. The service claims rows with
 * SKIP LOCKED and a lease, so this, the after-commit send and the embedded scheduler never send one
 * row twice. Nothing to do without SMTP (mail is kept in the sandbox mailbox).
 */
export const deliverMailEveryMinute = inngest.createFunction(
  { id: "deliver-mail", name: "Deliver queued mail", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) =>
    drainBatches(MAX_BATCHES, (i) =>
      step.run(`deliver-mail-${i}`, async () => {
        const { sent, retrying, failed, full } = await deliverMail(getDb(), { limit: MAIL_BATCH });
        return { sent, retrying, failed, full };
      }),
    ),
);
