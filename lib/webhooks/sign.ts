import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The legacy signature of a delivery, sent as `X-Webhook-Signature: sha256=<hex>`: HMAC-SHA256,
 * keyed with the connection's webhook secret (the whole `whsec_…` text), of `${timestamp}.${body}`
 * where timestamp is the X-Webhook-Timestamp header (unix seconds) and body the raw request body.
 * Receivers recompute it, compare in constant time, and refuse a timestamp too old (a replay) and
 * an X-Webhook-Id seen before. Kept unchanged beside the Standard Webhooks headers.
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

const PREFIX = "whsec_";
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The key of a Standard Webhooks secret (standardwebhooks.com): the bytes the base64 after `whsec_`
 * encodes. Null when that part is not base64 as the standard's libraries read it: secrets made
 * before this project sent those headers were base64url, and most hold `-` or `_`, which the
 * libraries refuse; such a secret signs only the legacy header until it is rotated.
 */
export function standardWebhookKey(secret: string): Buffer | null {
  if (!secret.startsWith(PREFIX)) return null;
  const text = secret.slice(PREFIX.length);
  if (!BASE64.test(text)) return null;
  const key = Buffer.from(text, "base64");
  // Buffer skips what it cannot read: only a text that is exactly the key's encoding is a key
  const same = key.toString("base64").replace(/=+$/, "") === text.replace(/=+$/, "");
  return same && key.length > 0 ? key : null;
}

/** `webhook-signature` of Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`. */
export function signStandardWebhook(key: Buffer, id: string, timestamp: number, body: string): string {
  return "v1," + createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
}

/**
 * The headers of one delivery attempt; the timestamp is the attempt's, the id the event's. Both
 * sets: the legacy `X-Webhook-*`, and Standard Webhooks' `webhook-id`, `webhook-timestamp`,
 * `webhook-signature` when the secret has a standard key (standardWebhookKey).
 */
export function webhookHeaders(secret: string, eventId: string, body: string, now = new Date()): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const key = standardWebhookKey(secret);
  return {
    "content-type": "application/json",
    "user-agent": "atendimento-webhooks/1",
    "x-webhook-id": eventId,
    "x-webhook-timestamp": String(timestamp),
    "x-webhook-signature": signWebhook(secret, timestamp, body),
    ...(key
      ? { "webhook-id": eventId, "webhook-timestamp": String(timestamp), "webhook-signature": signStandardWebhook(key, eventId, timestamp, body) }
      : {}),
  };
}
