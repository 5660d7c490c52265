import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/** A plan as the super admin's Plans tab and the company form show it (admin §3 Plan). */
export const planColumns = {
  id: plans.id,
  name: plans.name,
  users: plans.users,
  connections: plans.connections,
  queues: plans.queues,
  value: plans.value,
  useCampaigns: plans.useCampaigns,
  useKanban: plans.useKanban,
  useOpenAi: plans.useOpenAi,
  useIntegrations: plans.useIntegrations,
  useSchedules: plans.useSchedules,
  useInternalChat: plans.useInternalChat,
  useExternalApi: plans.useExternalApi,
  isPublic: plans.isPublic,
};

export type PlanRow = { [K in keyof typeof planColumns]: (typeof planColumns)[K]["_"]["data"] };

/** GET /plans/{id}: one plan; a missing one is 404. */
export async function getPlan(db: DbOrTx, id: number): Promise<PlanRow> {
  const [row] = await db.select(planColumns).from(plans).where(eq(plans.id, id));
  if (!row) throw new AppError("ERR_NO_PLAN_FOUND", 404);
  return row;
}

/** GET /plans/all: every plan, public or not, cheapest first. */
export function listAllPlans(db: DbOrTx): Promise<PlanRow[]> {
  return db.select(planColumns).from(plans).orderBy(asc(plans.value), asc(plans.name), asc(plans.id));
}
