import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { userQueues, users } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { publish } from "@/lib/realtime/publish";
import { assertEmailFree, assertUserReferences } from "./check-user-references";
import { getUser } from "./get-user";
import { userRenamed, userUpdated } from "./publish-user";
import type { UpdateUserInput } from "./schemas";

/**
 * PUT /users/{id} (fields left out stay). Admins edit anyone in their company; others only themselves, and never their
 * own profile, allTicket or queues (user-modal:editProfile / editQueues are admin permissions).
 * A super user is edited only by themself or another super user.
 */
export async function updateUser(db: DbOrTx, ctx: TenantContext, userId: number, input: UpdateUserInput) {
  const current = await getUser(db, ctx, userId);
  const admin = isAdmin(ctx);
  const isSelf = userId === ctx.userId;
  if (!admin && !isSelf) throw new AppError("ERR_NO_PERMISSION", 403);
  // a super user's sign-in (email, password) and rights are for super users to change, as deleting is
  if (current.super && !ctx.super && !isSelf) throw new AppError("ERR_NO_PERMISSION", 403);
  const currentQueueIds = current.queues.map((q) => q.id).sort();
  const changesRights =
    (input.profile !== undefined && input.profile !== current.profile) ||
    (input.allTicket !== undefined && input.allTicket !== current.allTicket) ||
    (input.queueIds !== undefined && [...new Set(input.queueIds)].sort().join() !== currentQueueIds.join());
  // A user cannot raise (or change) their own rights; an admin changes others'.
  if (changesRights && (!admin || (isSelf && input.profile !== undefined && input.profile !== current.profile))) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  const email = input.email?.toLowerCase();
  const queueIds = input.queueIds ? [...new Set(input.queueIds)] : undefined;
  if (email !== undefined) await assertEmailFree(db, email, userId);
  await assertUserReferences(db, ctx.companyId, { whatsappId: input.whatsappId, queueIds });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(passwordHash ? { passwordHash } : {}),
        // someone else's new password ends their session
        ...(passwordHash && !isSelf ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
        ...(admin && input.profile && !isSelf ? { profile: input.profile } : {}),
        ...(admin && input.allTicket ? { allTicket: input.allTicket } : {}),
        ...(input.whatsappId !== undefined ? { whatsappId: input.whatsappId } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)));
    if (admin && queueIds) {
      await tx.delete(userQueues).where(eq(userQueues.userId, userId));
      if (queueIds.length) {
        await tx.insert(userQueues).values(queueIds.map((queueId) => ({ userId, queueId, companyId: ctx.companyId })));
      }
    }
  });
  const user = await getUser(db, ctx, userId);
  const renamed = user.name !== current.name;
  await publish(userUpdated(ctx.companyId, user), ...(renamed ? [userRenamed(ctx.companyId, user)] : []));
  return user;
}
