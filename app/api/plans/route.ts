import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { createPlan } from "@/lib/plans/create-plan";
import { createPlanSchema } from "@/lib/plans/schemas";

// POST /api/plans — super admin: a plan (every flag on unless sent off).
export const POST = route({ access: "super", body: createPlanSchema }, async ({ body }) => createPlan(getDb(), body));
