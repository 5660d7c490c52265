import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";

// spec: the connections menu item warns while any connection is in one of these states
export const WARNING_STATUSES = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"] as const;

export async function hasConnectionWarning(db: DbOrTx, companyId: number) {
  const [row] = await db
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), inArray(whatsapps.status, [...WARNING_STATUSES])))
    .limit(1);
  return Boolean(row);
}
