import { createHash, timingSafeEqual } from "node:crypto";

const digest = (s: string) => createHash("sha256").update(s, "utf8").digest();

/**
 * Whether the secret in a notification's URL is ours, compared in constant time (digests of equal
 * length, so neither the content nor the length leaks through timing). Efí appends "/pix" to the
 * registered URL: registered as `...?secret=S&ignorar=` it lands in `ignorar`, registered as
 * `...?secret=S` it lands at the end of the secret, and is taken off here.
 */
export function matchesWebhookSecret(given: string | null | undefined, expected: string): boolean {
  if (!given) return false;
  const value = given.endsWith("/pix") ? given.slice(0, -4) : given;
  return timingSafeEqual(digest(value), digest(expected));
}
