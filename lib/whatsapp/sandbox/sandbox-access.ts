import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";

/**
 * The sandbox connection an admin of its company is driving. Anything else (sandbox disabled,
 * another company's id, a real connection) answers 404 as if it did not exist.
 */
export async function getSandboxConnection(db: DbOrTx, ctx: TenantContext, connectionId: number) {
  if (!getEnv().sandboxEnabled) throw new AppError("ERR_NOT_FOUND", 404);
  const [conn] = await db
    .select({ id: whatsapps.id, companyId: whatsapps.companyId, name: whatsapps.name, status: whatsapps.status, provider: whatsapps.provider })
    .from(whatsapps)
    .where(and(eq(whatsapps.id, connectionId), eq(whatsapps.companyId, ctx.companyId)));
  if (!conn || conn.provider !== "sandbox") throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return conn;
}
