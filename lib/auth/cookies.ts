import { getEnv } from "@/lib/env";

export type CookieSpec = { name: string; value: string; maxAge: number; secure: boolean };

const secure = () => getEnv().APP_URL.startsWith("https://");

/** next-auth's own session cookie name, so getServerSession and our wrapper read the same cookie. */
export const sessionCookieName = () => (secure() ? "__Secure-next-auth.session-token" : "next-auth.session-token");
export const REFRESH_COOKIE = "jrt";

export function sessionCookie(value: string): CookieSpec {
  return { name: sessionCookieName(), value, maxAge: getEnv().REFRESH_TOKEN_TTL, secure: secure() };
}

export function refreshCookie(value: string): CookieSpec {
  return { name: REFRESH_COOKIE, value, maxAge: getEnv().REFRESH_TOKEN_TTL, secure: secure() };
}

export function cookieOptions(spec: CookieSpec) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure: spec.secure, maxAge: spec.maxAge };
}
