// Signatures of the Pusher protocol: HMAC-SHA256 in hex, keyed by the app secret, compared in
// constant time so a forger learns nothing from how long a refusal takes.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text, "utf8").digest("hex");

export const md5Hex = (body: string | Buffer) => createHash("md5").update(body).digest("hex");

/** Constant-time string equality (the length is not secret: every digest has the same one). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The `auth` a subscription to a private or presence channel carries: `key:hex(hmac(secret,
 * socket_id:channel[:channel_data]))`, exactly what the server SDK's `authorizeChannel` returns.
 */
export function signChannelAuth(params: { key: string; secret: string; socketId: string; channel: string; channelData?: string }) {
  const parts = [params.socketId, params.channel];
  if (params.channelData !== undefined) parts.push(params.channelData);
  return `${params.key}:${hmacHex(params.secret, parts.join(":"))}`;
}

export type AuthCheck = { ok: true } | { ok: false; error: string };

/** Checks a subscription's `auth`; the error is safe to send back (it never holds the expected value). */
export function verifyChannelAuth(params: {
  key: string;
  secret: string;
  socketId: string;
  channel: string;
  auth: unknown;
  channelData?: string;
}): AuthCheck {
  const { auth, key, secret, socketId, channel, channelData } = params;
  if (typeof auth !== "string" || auth.length === 0) return { ok: false, error: `Auth value for subscription to ${channel} is required` };
  const colon = auth.indexOf(":");
  const givenKey = colon < 0 ? "" : auth.slice(0, colon);
  if (!safeEqual(givenKey, key)) return { ok: false, error: "Invalid key in subscription auth data" };
  const expected = signChannelAuth({ key, secret, socketId, channel, channelData });
  if (!safeEqual(auth, expected)) return { ok: false, error: `Invalid signature for subscription to ${channel}` };
  return { ok: true };
}
