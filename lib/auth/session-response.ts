import { NextResponse } from "next/server";
import { cookieOptions, REFRESH_COOKIE, refreshCookie, sessionCookie, sessionCookieName } from "./cookies";
import type { issueSession } from "./issue-session";

type Issued = Awaited<ReturnType<typeof issueSession>>;

/** `{ token, user }` with the session and refresh cookies set (both httpOnly). */
export function sessionResponse(s: Issued) {
  const res = NextResponse.json({ token: s.token, user: s.user });
  for (const spec of [sessionCookie(s.sessionToken), refreshCookie(s.refreshToken)]) {
    res.cookies.set(spec.name, spec.value, cookieOptions(spec));
  }
  return res;
}

export function clearSessionCookies(res: NextResponse) {
  for (const name of [sessionCookieName(), REFRESH_COOKIE]) res.cookies.set(name, "", { path: "/", maxAge: 0 });
  return res;
}
