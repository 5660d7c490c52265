import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deletePlan } from "@/lib/plans/delete-plan";
import { getPlan } from "@/lib/plans/plan-view";
import { planIdParams as params, updatePlanSchema } from "@/lib/plans/schemas";
import { updatePlan } from "@/lib/plans/update-plan";

// GET /api/plans/{id} — super admin: one plan.
export const GET = route({ access: "super", params }, async ({ params }) => getPlan(getDb(), params.id));

// PUT /api/plans/{id} — super admin: edit limits, price and flags.
export const PUT = route({ access: "super", params, body: updatePlanSchema }, async ({ params, body }) => updatePlan(getDb(), params.id, body));

// DELETE /api/plans/{id} — super admin; 409 ERR_PLAN_IN_USE while a company is on it.
export const DELETE = route({ access: "super", params }, async ({ params }) => deletePlan(getDb(), params.id));
