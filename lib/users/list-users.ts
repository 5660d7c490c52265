import { and, asc, count, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { userQueues, users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { onlineChecker } from "./presence";

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  profile: users.profile,
  allTicket: users.allTicket,
  whatsappId: users.whatsappId,
  online: users.online,
  createdAt: users.createdAt,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /users: a page of the company's users, searched by name or email. */
export async function listUsers(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const conditions: SQL[] = [eq(users.companyId, ctx.companyId)];
  const term = searchParam.trim().toLowerCase();
  if (term) {
    const like = `%${escapeLike(term)}%`;
    conditions.push(or(ilike(users.name, like), ilike(users.email, like))!);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }], isOnline] = await Promise.all([
    db.select(columns).from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
    onlineChecker(ctx.companyId),
  ]);
  return pageResult("users", rows.map((u) => ({ ...u, online: isOnline(u) })), total, pageNumber, size);
}

/**
 * GET /users/list: every user of the company with their queue ids, for the transfer modal and the
 * ticket filters. Any user may call it, so it carries no email, profile or presence (those are on
 * GET /users, for admins).
 */
export async function listAllUsers(db: DbOrTx, ctx: Pick<TenantContext, "companyId">) {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      queueIds: sql<number[]>`coalesce((select array_agg(${userQueues.queueId} order by ${userQueues.queueId}) from ${userQueues} where ${userQueues.userId} = ${users.id}), '{}')`,
    })
    .from(users)
    .where(eq(users.companyId, ctx.companyId))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((u) => ({ id: u.id, name: u.name, queues: (u.queueIds ?? []).map((id) => ({ id: Number(id) })) }));
}
