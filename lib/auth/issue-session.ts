import { randomUUID } from "node:crypto";
import type { DbOrTx } from "@/db";
import { AppError } from "@/lib/api/errors";
import { getSessionUser } from "@/lib/users/get-session-user";
import { getEnv } from "@/lib/env";
import { issueAccessToken, issueRefreshToken } from "./tokens";

/**
 * Issues the three credentials of a session for a user at token version `tv`:
 * the bearer token (short), the session cookie token (as long as the refresh) and the refresh token.
 */
export async function issueSession(db: DbOrTx, userId: number, sid: string = randomUUID()) {
  const found = await getSessionUser(db, userId);
  if (!found) throw new AppError("ERR_NO_USER_FOUND", 404);
  const { user, tokenVersion: tv } = found;
  const claims = { id: user.id, companyId: user.companyId, profile: user.profile, super: user.super, tv, sid };
  const [token, sessionToken, refreshToken] = await Promise.all([
    issueAccessToken(claims),
    issueAccessToken(claims, getEnv().REFRESH_TOKEN_TTL),
    issueRefreshToken({ id: user.id, tv, sid }),
  ]);
  return { token, sessionToken, refreshToken, user, sid, tokenVersion: tv };
}
