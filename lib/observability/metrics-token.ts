import { createHash, timingSafeEqual } from "node:crypto";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * `Authorization: Bearer <token>` against the configured token, in constant time: both sides are
 * hashed first, so neither the comparison nor the length check tells how much of a guess was right.
 */
export function bearerMatches(header: string | null | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return timingSafeEqual(digest(m?.[1] ?? ""), digest(token)) && Boolean(m);
}

/** What a metrics endpoint answers before serving: 404 when no token is configured, 401 on a wrong one. */
export function metricsRefusal(header: string | null | undefined, token: string | undefined): 404 | 401 | null {
  if (!token) return 404;
  return bearerMatches(header, token) ? null : 401;
}
