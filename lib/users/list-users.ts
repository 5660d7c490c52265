import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";

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
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(users).where(where).orderBy(asc(users.name), asc(users.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return pageResult("users", rows, total, pageNumber, size);
}

/** GET /users/list: every user of the company, for selects. */
export function listAllUsers(db: DbOrTx, ctx: TenantContext) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, profile: users.profile, online: users.online })
    .from(users)
    .where(eq(users.companyId, ctx.companyId))
    .orderBy(asc(users.name));
}
