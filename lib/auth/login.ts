import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { todayIn } from "@/lib/dates/today";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { issueSession } from "./issue-session";
import { verifyPassword } from "./password";
import type { LoginInput } from "./schemas";

// Compared against when the email is unknown, so both failures take the same time.
const DUMMY_HASH = "$2b$10$CwTycUXWue0Thq9StjUM0uJ8.jzkTzcQ3G0nV6x1Z8Q2Q6v1nHk2a";

/** Checks the company may log in today: active, and its due date not passed (company timezone). */
export function assertCompanyActive(company: { status: boolean; dueDate: string | null; timezone: string }) {
  if (!company.status) throw new AppError("ERR_COMPANY_INACTIVE", 403);
  if (company.dueDate && company.dueDate < todayIn(company.timezone)) {
    throw new AppError("ERR_SUBSCRIPTION_EXPIRED", 402, { dueDate: company.dueDate });
  }
}

/**
 * Logs a user in: verifies the password, refuses an inactive or expired company, and bumps the
 * token version so any older session of the same user stops working.
 */
export async function login(db: DbOrTx, input: LoginInput) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      company: { status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone },
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()));
  const ok = await verifyPassword(input.password, row?.passwordHash ?? DUMMY_HASH);
  if (!row || !ok) throw new AppError("ERR_INVALID_CREDENTIALS", 401);
  assertCompanyActive(row.company);
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, online: true, lastSeenAt: new Date() })
    .where(eq(users.id, row.id));
  const session = await issueSession(db, row.id);
  // the older session's browser shows "Sua conta foi acessada em outro computador."
  await publish({
    channels: [channels.user(session.user.companyId, row.id)],
    event: EVENTS.auth,
    data: { action: "newSession", sessionId: session.sid },
  });
  return session;
}
