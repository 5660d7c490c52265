import type { DbOrTx } from "@/db";
import { plans } from "@/db/schema";
import { assertPlanNameFree } from "./plan-name";
import { getPlan } from "./plan-view";
import type { CreatePlanInput } from "./schemas";

/** POST /plans (super admin): limits, price and flags (every flag on unless sent off). */
export async function createPlan(db: DbOrTx, input: CreatePlanInput) {
  const id = await db.transaction(async (tx) => {
    await assertPlanNameFree(tx, input.name);
    const [row] = await tx.insert(plans).values(input).returning({ id: plans.id });
    return row.id;
  });
  return getPlan(db, id);
}
