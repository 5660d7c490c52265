import { getDb } from "@/db";
import { deliverWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { inngest } from "../client";
import { drainBatches } from "./drain";

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
  async ({ step }) =>
    drainBatches(MAX_BATCHES, (i) =>
      step.run(`deliver-webhooks-${i}`, async () => {
        const { delivered, retrying, failed, full } = await deliverWebhooks(getDb(), { limit: WEBHOOK_BATCH });
        return { delivered, retrying, failed, full };
      }),
    ),
);
