import { count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/**
 * DELETE /plans/{id} (super admin): refused with 409 ERR_PLAN_IN_USE while a company is on it. The
 * plan row is locked first, so a company being created on it (which reads the plan FOR KEY SHARE)
 * is either counted here or finds the plan gone. Invoices keep their amounts (their plan is unset).
 */
export async function deletePlan(db: DbOrTx, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).for("update");
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    const [{ n }] = await tx.select({ n: count() }).from(companies).where(eq(companies.planId, id));
    if (n > 0) throw new AppError("ERR_PLAN_IN_USE", 409, { companies: n });
    await tx.delete(plans).where(eq(plans.id, id));
  });
  return { ok: true };
}
