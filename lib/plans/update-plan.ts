import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { assertPlanNameFree } from "./plan-name";
import { getPlan } from "./plan-view";
import type { UpdatePlanInput } from "./schemas";

/**
 * PUT /plans/{id} (super admin). Lowering a limit below what a company already uses never removes
 * anything: it only blocks new users, connections or queues there (the create paths check it).
 */
export async function updatePlan(db: DbOrTx, id: number, input: UpdatePlanInput) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, id)).for("update");
    if (!row) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    if (input.name !== undefined) await assertPlanNameFree(tx, input.name, id);
    await tx.update(plans).set({ ...input, updatedAt: new Date() }).where(eq(plans.id, id));
  });
  return getPlan(db, id);
}
