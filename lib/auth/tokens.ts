import { decode, encode } from "next-auth/jwt";
import { getEnv } from "@/lib/env";
import { knownClaims, rememberClaims } from "./decoded-tokens";

/** What a session or bearer token says about its holder; `tv` is the user's token version. */
export type AccessClaims = {
  sub: string;
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  tv: number;
  sid: string;
};

export type RefreshClaims = { id: number; tv: number; sid: string };

const REFRESH_SALT = "atendimento.refresh-token";

export async function issueAccessToken(claims: Omit<AccessClaims, "sub">, maxAge = getEnv().ACCESS_TOKEN_TTL) {
  return encode({ token: { ...claims, sub: String(claims.id) }, secret: getEnv().AUTH_SECRET, maxAge });
}

/** Decodes a token issued by us (or by next-auth with the same secret); null when invalid or expired. */
export async function readAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const secret = getEnv().AUTH_SECRET;
    // a token decoded before (most requests): no key derivation, no decryption
    const known = knownClaims(token, secret);
    if (known) return known;
    const t = await decode({ token, secret });
    if (!t || typeof t.id !== "number" || typeof t.companyId !== "number" || typeof t.tv !== "number") return null;
    rememberClaims(token, secret, t as unknown as AccessClaims);
    return t as unknown as AccessClaims;
  } catch {
    return null;
  }
}

export async function issueRefreshToken(claims: RefreshClaims) {
  const env = getEnv();
  return encode({ token: claims, secret: env.REFRESH_SECRET, salt: REFRESH_SALT, maxAge: env.REFRESH_TOKEN_TTL });
}

export async function readRefreshToken(token: string): Promise<RefreshClaims | null> {
  try {
    const t = await decode({ token, secret: getEnv().REFRESH_SECRET, salt: REFRESH_SALT });
    if (!t || typeof t.id !== "number" || typeof t.tv !== "number") return null;
    return { id: t.id, tv: t.tv, sid: String(t.sid ?? "") };
  } catch {
    return null;
  }
}
