import type { Db } from "@/db";
import { openSecret } from "@/lib/crypto/secret-box";
import { outboundRequest, type Resolver } from "@/lib/net";
import { countWebhookFailures } from "@/lib/observability/metrics";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim-deliveries";
import { markAttemptFailed, markDelivered } from "./mark-delivery";
import { webhookHeaders } from "./sign";

export const WEBHOOK_TIMEOUT_MS = 10_000;

export type WebhookRunResult = { delivered: number; retrying: number; failed: number; full: boolean };

type Options = { limit?: number; now?: Date; timeoutMs?: number; resolver?: Resolver };

/**
 * Sends due deliveries (the outbox's only sender; the embedded scheduler and the Inngest function
 * call it): claim, POST the stored body signed with the connection's current secret, record the
 * outcome. 2xx is delivered; anything else (a 3xx too: redirects are not followed) is retried with
 * backoff for 24 h. Sends run side by side: one slow receiver does not hold the batch back.
 */
export async function deliverWebhooks(db: Db, { limit = 20, now = new Date(), timeoutMs = WEBHOOK_TIMEOUT_MS, resolver }: Options = {}) {
  const result: WebhookRunResult = { delivered: 0, retrying: 0, failed: 0, full: false };
  const claimed = await claimDueDeliveries(db, { limit, now });
  result.full = claimed.length >= limit;
  await Promise.all(
    claimed.map(async (d) => {
      const outcome = await attempt(d, timeoutMs, resolver);
      if (outcome.ok) {
        await markDelivered(db, d, outcome.status, new Date());
        result.delivered++;
      } else if (await markAttemptFailed(db, d, outcome.status, outcome.error, now)) result.failed++;
      else result.retrying++;
    }),
  );
  countWebhookFailures(result);
  return result;
}

type Outcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

async function attempt(d: ClaimedDelivery, timeoutMs: number, resolver?: Resolver): Promise<Outcome> {
  if (!d.url) return { ok: false, status: null, error: "webhook turned off" };
  const secret = d.secret ? openSecret(d.secret) : null;
  if (!secret) return { ok: false, status: null, error: "webhook secret unreadable" };
  const body = JSON.stringify(d.payload);
  try {
    const res = await outboundRequest({ url: d.url, method: "POST", headers: webhookHeaders(secret, d.eventId, body), body, timeoutMs, resolver });
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status };
    return { ok: false, status: res.status, error: `HTTP ${res.status}` };
  } catch (err) {
    const e = err as Error & { code?: string };
    return { ok: false, status: null, error: e.code ? `${e.code}: ${e.message}` : e.message };
  }
}
