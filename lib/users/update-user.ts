import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues, userQueues, users, whatsapps } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { hashPassword } from "@/lib/auth/password";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { getUser } from "./get-user";
import type { UpdateUserInput } from "./schemas";

/**
 * PUT /users/{id}. Admins edit anyone in their company; others only themselves, and never their
 * own profile, allTicket or queues (user-modal:editProfile / editQueues are admin permissions).
 */
export async function updateUser(db: DbOrTx, ctx: TenantContext, userId: number, input: UpdateUserInput) {
  const current = await getUser(db, ctx, userId);
  const admin = isAdmin(ctx);
  const isSelf = userId === ctx.userId;
  if (!admin && !isSelf) throw new AppError("ERR_NO_PERMISSION", 403);
  const currentQueueIds = current.queues.map((q) => q.id).sort();
  const changesRights =
    (input.profile !== undefined && input.profile !== current.profile) ||
    (input.allTicket !== undefined && input.allTicket !== current.allTicket) ||
    (input.queueIds !== undefined && [...input.queueIds].sort().join() !== currentQueueIds.join());
  // A user cannot raise (or change) their own rights; an admin changes others'.
  if (changesRights && (!admin || (isSelf && input.profile !== undefined && input.profile !== current.profile))) {
    throw new AppError("ERR_NO_PERMISSION", 403);
  }
  const email = input.email.toLowerCase();
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), ne(users.id, userId)));
  if (taken) throw new AppError("ERR_USER_EMAIL_EXISTS", 409);
  if (input.whatsappId) {
    const [w] = await db
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, input.whatsappId), eq(whatsapps.companyId, ctx.companyId)));
    if (!w) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  }
  const queueIds = input.queueIds ? [...new Set(input.queueIds)] : undefined;
  if (queueIds?.length) {
    const found = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(inArray(queues.id, queueIds), eq(queues.companyId, ctx.companyId)));
    if (found.length !== queueIds.length) throw new AppError("ERR_NOT_FOUND", 404);
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        name: input.name,
        email,
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
  await publish({
    channels: [channels.company(ctx.companyId)],
    event: EVENTS.user,
    data: { action: "update", user: { id: user.id, name: user.name, email: user.email, profile: user.profile, online: user.online } },
  });
  return user;
}
