import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "@/lib/env";

/**
 * Third-party keys at rest (CONVENTIONS 13: the payment token today; AI and Dialogflow keys later):
 * AES-256-GCM with a key derived from AUTH_SECRET by HKDF-SHA256, so a database dump alone reveals
 * nothing. A sealed value is text, `enc:v1:` + base64url(nonce | tag | ciphertext), and fits any
 * text column. Changing AUTH_SECRET makes stored secrets unreadable (they must be entered again).
 */
const PREFIX = "enc:v1:";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
// fixed labels: the derived key belongs to this use alone, never equal to the token-signing key
const SALT = "atendimento/secret-box";
const INFO = "third-party keys v1";

let cached: { secret: string; key: Buffer } | null = null;

function boxKey(): Buffer {
  const secret = getEnv().AUTH_SECRET;
  if (cached?.secret !== secret) cached = { secret, key: Buffer.from(hkdfSync("sha256", secret, SALT, INFO, 32)) };
  return cached.key;
}

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

/** Encrypts a secret for storage; a fresh nonce each time, so equal secrets never look alike. */
export function sealSecret(plain: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", boxKey(), nonce);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString("base64url");
}

/** The secret inside a sealed value; null when it is not one of ours, was altered, or the key changed. */
export function openSecret(stored: string): string | null {
  if (!isSealed(stored)) return null;
  const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
  if (raw.length < NONCE_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", boxKey(), raw.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export const MASK = "••••";
// below this length the last 4 characters would give away too much of the secret
const MIN_SHOWN_LENGTH = 8;

/** What the browser may see of a secret: its last 4 characters ("" when there is none). */
export function maskSecret(plain: string): string {
  if (!plain) return "";
  return plain.length < MIN_SHOWN_LENGTH ? MASK : MASK + plain.slice(-4);
}
