import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";
import { WARNING_STATUSES } from "./statuses";

export { WARNING_STATUSES };

/** Whether any connection of the company needs attention (the menu's warning badge). */
export async function hasConnectionWarning(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), inArray(whatsapps.status, [...WARNING_STATUSES])))
    .limit(1);
  return Boolean(row);
}
