import { getDb } from "@/db";
import { deliverWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { inngest } from "../client";

/** Deliveries one step sends (side by side, each with its 10 s timeout). */
export const WEBHOOK_BATCH = 20;
const MAX_BATCHES = 10;

/**
 * Every minute: due webhook deliveries (new ones, and failed ones whose backoff has passed) go to
 * their receivers. Rows are claimed with SKIP LOCKED and a lease (lib/webhooks/claim-deliveries),
 * so this and the embedded scheduler never send one row at the same time.
 */
export const deliverWebhooksEveryMinute = inngest.createFunction(
  { id: "deliver-webhooks", name: "Deliver signed webhooks", triggers: [{ cron: "* * * * *" }] },
  async ({ step }) => {
    const totals = { delivered: 0, retrying: 0, failed: 0 };
    for (let i = 1; i <= MAX_BATCHES; i++) {
      const r = await step.run(`deliver-webhooks-${i}`, () => deliverWebhooks(getDb(), { limit: WEBHOOK_BATCH }));
      totals.delivered += r.delivered;
      totals.retrying += r.retrying;
      totals.failed += r.failed;
      if (!r.full) break;
    }
    return totals;
  },
);
