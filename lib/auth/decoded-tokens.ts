import type { AccessClaims } from "./tokens";

/**
 * Access tokens this process has already decoded. Decoding one derives its key with HKDF (on libuv's
 * thread pool: under load a request waited several ms for a free thread) and decrypts it, on every
 * request; docs/performance-requests.md has the figures. A token's claims never change, so they are
 * kept by the token itself. Nothing here says the session is still valid: the request context asks
 * the database that on every request (token version, company, plan), so a logout or a second login
 * still ends the session on the next request. Only tokens that decoded are kept (garbage callers
 * cannot fill it), with the secret they decoded under (a rotated secret refuses them), until they
 * expire as jose would judge them.
 */
type Entry = { secret: string; claims: AccessClaims; exp: number };

const MAX_ENTRIES = 10_000;
// next-auth's decode lets jose accept a token until 15 s past its exp
const CLOCK_TOLERANCE_S = 15;

const holder = globalThis as unknown as { __decodedTokens?: Map<string, Entry> };
const entries = (holder.__decodedTokens ??= new Map<string, Entry>());

/** The claims of a token decoded before under this secret and not expired; undefined when unknown. */
export function knownClaims(token: string, secret: string, nowMs = Date.now()): AccessClaims | undefined {
  const e = entries.get(token);
  if (!e) return undefined;
  if (e.secret !== secret || nowMs / 1000 - CLOCK_TOLERANCE_S >= e.exp) {
    entries.delete(token);
    return undefined;
  }
  return e.claims;
}

/** Keeps a token's claims; a token without exp (not one we issue) is not kept. */
export function rememberClaims(token: string, secret: string, claims: AccessClaims) {
  const exp = (claims as AccessClaims & { exp?: unknown }).exp;
  if (typeof exp !== "number") return;
  // oldest first (insertion order): a full map drops its oldest token, which a client holding it
  // simply decodes again
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(token, { secret, claims: Object.freeze(claims), exp });
}

/** For tests: forget every token. */
export function forgetDecodedTokens() {
  entries.clear();
}
