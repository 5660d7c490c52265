import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsapps } from "@/db/schema";

/** A new default clears the flag on the company's other connections; answers their ids. */
export async function clearOtherDefaults(tx: DbOrTx, companyId: number, keepId: number) {
  const rows = await tx
    .update(whatsapps)
    .set({ isDefault: false })
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true), ne(whatsapps.id, keepId)))
    .returning({ id: whatsapps.id });
  return rows.map((r) => r.id);
}
