import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues, userQueues, users } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { onlineChecker } from "./presence";

/** One user of the caller's company with their queues; another company's id answers 404. */
export async function getUser(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      profile: users.profile,
      super: users.super,
      allTicket: users.allTicket,
      whatsappId: users.whatsappId,
      companyId: users.companyId,
      online: users.online,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, ctx.companyId)));
  if (!user) throw new AppError("ERR_NO_USER_FOUND", 404);
  const [userQueueRows, isOnline] = await Promise.all([
    db
      .select({ id: queues.id, name: queues.name, color: queues.color })
      .from(userQueues)
      .innerJoin(queues, eq(queues.id, userQueues.queueId))
      .where(and(eq(userQueues.userId, userId), eq(queues.companyId, ctx.companyId)))
      .orderBy(asc(queues.name)),
    onlineChecker(ctx.companyId),
  ]);
  return { ...user, online: isOnline(user), queues: userQueueRows };
}

/** GET /users/{id}: admins read any user of the company; others only themselves (the profile dialog). */
export async function getUserFor(db: DbOrTx, ctx: TenantContext, userId: number) {
  // read first: another company's id answers 404 to everyone, as every cross-tenant id does
  const user = await getUser(db, ctx, userId);
  if (!isAdmin(ctx) && !ctx.super && userId !== ctx.userId) throw new AppError("ERR_NO_PERMISSION", 403);
  return user;
}
