import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { plans } from "@/db/schema";

/** Plans offered on the sign-up page (GET /plans/list, no credentials). */
export function listPublicPlans(db: DbOrTx) {
  return db
    .select({
      id: plans.id,
      name: plans.name,
      users: plans.users,
      connections: plans.connections,
      queues: plans.queues,
      value: plans.value,
    })
    .from(plans)
    .where(eq(plans.isPublic, true))
    .orderBy(asc(plans.value), asc(plans.id));
}
