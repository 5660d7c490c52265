import { count, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { companies, userQueues, users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { publish } from "@/lib/realtime/publish";
import { assertEmailFree, assertUserReferences } from "./check-user-references";
import { getUser } from "./get-user";
import { userCreated } from "./publish-user";
import type { CreateUserInput } from "./schemas";

/**
 * POST /users (admins). The plan's user limit holds even for concurrent creates: the company row
 * is locked for the transaction, so the count and the insert of one company run one at a time.
 * Takes the pool (not a transaction): the event goes out after the commit.
 */
export async function createUser(db: Db, ctx: TenantContext, input: CreateUserInput) {
  const { companyId } = ctx;
  const email = input.email.toLowerCase();
  const queueIds = [...new Set(input.queueIds)];
  // bcrypt is slow on purpose: hash before taking the lock
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const plan = await getCompanyPlan(tx, companyId);
    const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
    if (!plan || n >= plan.users) throw new AppError("ERR_USER_LIMIT_REACHED", 403, { limit: plan?.users ?? 0 });
    await assertEmailFree(tx, email);
    await assertUserReferences(tx, companyId, { whatsappId: input.whatsappId, queueIds });
    const [row] = await tx
      .insert(users)
      .values({
        companyId,
        name: input.name,
        email,
        passwordHash,
        profile: input.profile,
        allTicket: input.allTicket,
        whatsappId: input.whatsappId,
      })
      .returning({ id: users.id });
    if (queueIds.length) await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId: row.id, queueId, companyId })));
    return row.id;
  });
  const user = await getUser(db, ctx, id);
  await publish(userCreated(companyId, user));
  return user;
}
