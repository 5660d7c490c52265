import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { assertCompanyActive } from "./assert-company-active";
import { countAttempt, emailAndAddressLimits, resetAttempts, uncountAttempt } from "./attempt-limit";
import { issueSession } from "./issue-session";
import { DUMMY_HASH, verifyPassword } from "./password";
import type { LoginInput } from "./schemas";

/** Where a login comes from: the client address its attempts count against (lib/auth/client-address.ts). */
export type LoginClient = { address: string; now?: Date };

/**
 * Logs a user in: verifies the password, refuses an inactive or expired company, and bumps the
 * token version so any older session of the same user stops working. Attempt limits: every try
 * counts against its email and address together, its email, and its address first (one statement,
 * so parallel tries cannot slip past); past 10 per email and address, 100 per email or 100 per
 * address in 15 minutes it answers 429 without looking at the password. A right password then
 * takes its try back (clears the pair's count, uncounts the email and the address), so only
 * failures add up, and failures from elsewhere never lock the user out of their own address.
 */
export async function login(db: DbOrTx, input: LoginInput, client: LoginClient) {
  const now = client.now ?? new Date();
  const [byPair, byEmail, byAddress] = emailAndAddressLimits("login", input.email, client.address);
  await countAttempt(db, [byPair, byEmail, byAddress], now);
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
  // the password was right: not a guess, whatever the company's state says next
  await resetAttempts(db, byPair);
  await uncountAttempt(db, byEmail, now);
  await uncountAttempt(db, byAddress, now);
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
