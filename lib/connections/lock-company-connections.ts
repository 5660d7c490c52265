import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";

/**
 * Takes the company row's lock for the rest of the transaction: connection writes of one company
 * run one at a time, so the plan limit and the single default cannot be raced past.
 */
export async function lockCompanyConnections(tx: DbOrTx, companyId: number) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
}
