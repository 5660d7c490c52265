import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The signature of a delivery, sent as `X-Webhook-Signature: sha256=<hex>`: HMAC-SHA256, keyed with
 * the connection's webhook secret, of `${timestamp}.${body}` where timestamp is the
 * X-Webhook-Timestamp header (unix seconds) and body the raw request body. Receivers recompute it,
 * compare in constant time, and refuse a timestamp too old (a replay) and an X-Webhook-Id seen before.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return "sha256=" + createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

/** What a receiver does (and the tests): whether the signature matches, in constant time. */
export function verifyWebhookSignature(secret: string, timestamp: number | string, body: string, signature: string): boolean {
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The headers of one delivery attempt; the timestamp is the attempt's, the id the event's. */
export function webhookHeaders(secret: string, eventId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "content-type": "application/json",
    "user-agent": "atendimento-webhooks/1",
    "x-webhook-id": eventId,
    "x-webhook-timestamp": String(timestamp),
    "x-webhook-signature": signWebhook(secret, timestamp, body),
  };
}
