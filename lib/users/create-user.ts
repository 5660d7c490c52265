import type { Db } from "@/db";
import { userQueues, users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { hashPassword } from "@/lib/auth/password";
import { publish } from "@/lib/realtime/publish";
import { assertUserSlot } from "./assert-user-slot";
import { assertUserReferences } from "./check-user-references";
import { getUser } from "./get-user";
import { userCreated } from "./publish-user";
import type { CreateUserInput } from "./schemas";

/**
 * POST /users (admins), within the plan's user limit (assertUserSlot). Takes the pool (not a transaction): the event goes out after the commit.
 */
export async function createUser(db: Db, ctx: TenantContext, input: CreateUserInput) {
  const { companyId } = ctx;
  const email = input.email.toLowerCase();
  const queueIds = [...new Set(input.queueIds)];
  // bcrypt is slow on purpose: hash before taking the lock
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (tx) => {
    await assertUserSlot(tx, companyId, email);
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
