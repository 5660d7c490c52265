import type { DbOrTx } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { loadConnections, presentConnection } from "./load-connections";

/** GET /whatsapp: every connection of the company with its queues (a plan keeps the list short). */
export async function listConnections(db: DbOrTx, ctx: TenantContext) {
  const rows = await loadConnections(db, ctx.companyId);
  return rows.map((row) => presentConnection(row, ctx));
}
