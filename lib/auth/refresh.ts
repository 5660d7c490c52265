import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { issueSession } from "./issue-session";
import { assertCompanyActive } from "./assert-company-active";
import { readRefreshToken } from "./tokens";

/** Trades the refresh cookie for a new bearer token, while the user's token version still matches. */
export async function refreshSession(db: DbOrTx, refreshToken: string | undefined) {
  const claims = refreshToken ? await readRefreshToken(refreshToken) : null;
  if (!claims) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const [row] = await db
    .select({
      tokenVersion: users.tokenVersion,
      company: { status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, claims.id));
  if (!row) throw new AppError("ERR_SESSION_EXPIRED", 401);
  assertCompanyActive(row.company); // the company's state first: it is why a suspended company's versions moved
  if (row.tokenVersion !== claims.tv) throw new AppError("ERR_SESSION_EXPIRED", 401);
  return issueSession(db, claims.id, claims.sid);
}
