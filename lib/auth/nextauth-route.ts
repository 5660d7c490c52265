import NextAuth from "next-auth";
import { NextResponse, type NextRequest } from "next/server";
import { authOptions } from "./options";

type Ctx = { params: Promise<Record<string, string | string[]>> };

// The actions next-auth serves under /api/auth/{action}; anything else is an unknown API path.
const ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "callback", "verify-request", "error", "_log"]);

const invalid = (status = 400) => NextResponse.json({ error: "ERR_INVALID_REQUEST" }, { status });

/**
 * next-auth's catch-all with bad requests answered as ours: an unknown action is 404 ERR_NOT_FOUND,
 * and what next-auth throws on (a JSON body that does not parse) or answers with a 5xx (e.g.
 * `GET /api/auth/callback/credentials`, "not supported") is 400 ERR_INVALID_REQUEST: these are
 * the caller's mistakes, not the server's. The endpoints themselves (session, csrf, credentials
 * sign-in) answer as next-auth does.
 */
export async function nextAuthRoute(req: NextRequest, ctx: Ctx): Promise<Response> {
  const segments = (await ctx.params).nextauth;
  const action = Array.isArray(segments) ? segments[0] : segments;
  if (!action || !ACTIONS.has(action)) return NextResponse.json({ error: "ERR_NOT_FOUND" }, { status: 404 });
  let res: Response;
  try {
    res = await NextAuth(authOptions())(req, ctx);
  } catch {
    return invalid();
  }
  if (res.status >= 500) {
    // next-auth has already logged the reason (as NEXTAUTH_ or CALLBACK_ errors)
    return invalid();
  }
  // next-auth answers some bad requests (a session update whose JSON does not parse) with a 400
  // whose body is "[object Object]": an error answer is always our JSON
  if (res.status >= 400 && !(await isJson(res))) return invalid(res.status);
  return res;
}

async function isJson(res: Response): Promise<boolean> {
  try {
    JSON.parse(await res.clone().text());
    return true;
  } catch {
    return false;
  }
}
