import { and, asc, desc, eq, or } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { users, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";

/**
 * The connection a ticket started by an agent goes out on: the one asked for (of the company),
 * else the user's own default connection, else the company's default, else a connected one, as
 * the product we replace does; none at all is ERR_NO_DEF_WAPP_FOUND.
 */
export async function pickTicketConnection(db: DbOrTx, ctx: Pick<TenantContext, "companyId" | "userId">, requested?: number | null) {
  const company = eq(whatsapps.companyId, ctx.companyId);
  if (requested) {
    const [w] = await db.select({ id: whatsapps.id }).from(whatsapps).where(and(company, eq(whatsapps.id, requested)));
    if (!w) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    return w.id;
  }
  const [own] = await db
    .select({ id: whatsapps.id })
    .from(users)
    .innerJoin(whatsapps, and(eq(whatsapps.id, users.whatsappId), company))
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
  if (own) return own.id;
  const [fallback] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(company, or(eq(whatsapps.isDefault, true), eq(whatsapps.status, "CONNECTED"))))
    .orderBy(desc(whatsapps.isDefault), asc(whatsapps.id))
    .limit(1);
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 400);
  return fallback.id;
}
