import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { loadConnections, presentConnection } from "./load-connections";

/** One connection of the company, everything included; another company's id answers 404. */
export async function findConnection(db: DbOrTx, companyId: number, id: number) {
  const [row] = await loadConnections(db, companyId, [id]);
  if (!row) throw new AppError("ERR_NO_WAPP_FOUND", 404);
  return row;
}

/** GET /whatsapp/{id}: the connection as the caller may see it. */
export async function getConnection(db: DbOrTx, ctx: TenantContext, id: number) {
  return presentConnection(await findConnection(db, ctx.companyId, id), ctx);
}
