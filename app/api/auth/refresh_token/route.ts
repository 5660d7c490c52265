import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { REFRESH_COOKIE } from "@/lib/auth/cookies";
import { refreshSession } from "@/lib/auth/refresh";
import { sessionResponse } from "@/lib/auth/session-response";

// POST /api/auth/refresh_token — the httpOnly refresh cookie in, a fresh `{ token, user }` out.
export const POST = route({ access: "public" }, async ({ req }) =>
  sessionResponse(await refreshSession(getDb(), req.cookies.get(REFRESH_COOKIE)?.value)),
);
