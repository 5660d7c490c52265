import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/lib/env";

/** A code is valid this long after it is sent. */
export const CODE_TTL_MS = 30 * 60_000;
/** Wrong tries a code survives; the fifth kills it. */
export const MAX_WRONG_TRIES = 5;
export const CODE_LENGTH = 8;
/** The abuse-limit buckets of the reset calls (per email and per client address, as login): this, and `-code` for the code checks. */
export const RESET_BUCKET = "password-reset";

// Letters and digits a person reads back without doubt: no 0/O, 1/I/L, and no U/V pair.
const ALPHABET = "ABCDEFGHJKMNPQRSTWXYZ23456789";
const DIGITS = /[2-9]/;

/** A fresh code: 8 random characters (crypto), at least one digit. */
export function generateResetCode(): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    // drawn again rather than patched, so every allowed code stays equally likely
    if (DIGITS.test(code)) return code;
  }
}

/** What a person typed, as stored: upper case, without spaces or dashes. */
export const normalizeCode = (typed: string) => typed.replace(/[\s-]/g, "").toUpperCase();

export const isWellFormedCode = (code: string) => code.length === CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c));

/**
 * The stored form: an HMAC under a key derived from AUTH_SECRET, bound to the user. Keyed, so a
 * copy of the table alone does not let anyone try codes offline; fast, since tries are limited.
 */
export function hashResetCode(userId: number, code: string): string {
  return createHmac("sha256", `password-reset:${getEnv().AUTH_SECRET}`).update(`${userId}:${normalizeCode(code)}`).digest("hex");
}

export function codeMatches(userId: number, typed: string, storedHash: string): boolean {
  const a = Buffer.from(hashResetCode(userId, typed), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
