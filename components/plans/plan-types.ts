import type { PlanRow } from "@/lib/plans/plan-view";

/** A plan as GET /api/plans/all answers it. */
export type { PlanRow };
