import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { companies, userQueues, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import type { Profile, TenantContext } from "@/lib/api/context";
import { assertCompanyActive } from "./assert-company-active";
import { sessionCookieName } from "./cookies";
import { readAccessToken } from "./tokens";

/** The bearer token if sent, else the session cookie (a bearer header wins: API clients send it). */
export function tokenFromRequest(req: Request): string | null {
  const auth = req.headers.get("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) return auth.slice(7).trim() || null;
  const cookie = req.headers.get("cookie");
  if (!cookie) return null;
  const name = sessionCookieName();
  for (const part of cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

/**
 * Builds the tenant context from a token. No token: 401 (the client clears its session).
 * Invalid, expired or outdated token (logged in elsewhere): 403 (the client refreshes once). A
 * company past its due date: 402 ERR_SUBSCRIPTION_EXPIRED; disabled: 403 ERR_COMPANY_INACTIVE.
 */
export async function contextFromToken(token: string | null): Promise<TenantContext> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const claims = await readAccessToken(token);
  if (!claims) throw new AppError("ERR_SESSION_EXPIRED", 403);
  const [row] = await getDb()
    .select({
      id: users.id,
      companyId: users.companyId,
      profile: users.profile,
      super: users.super,
      tokenVersion: users.tokenVersion,
      queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId}) from ${userQueues} where ${userQueues.userId} = ${users.id}), '{}')`,
      // read in the same query (this path runs on every request): a session opened before the due
      // date, or before the company was disabled, ends with login's answer
      company: { status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, claims.id));
  if (!row || row.tokenVersion !== claims.tv || row.companyId !== claims.companyId) {
    throw new AppError("ERR_SESSION_EXPIRED", 403);
  }
  assertCompanyActive(row.company);
  return {
    companyId: row.companyId,
    userId: row.id,
    profile: row.profile as Profile,
    super: row.super,
    queueIds: (row.queueIds ?? []).map(Number),
    sessionId: claims.sid,
  };
}

export const contextFromRequest = (req: Request) => contextFromToken(tokenFromRequest(req));
