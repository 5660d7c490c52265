import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listAllPlans } from "@/lib/plans/plan-view";

// GET /api/plans/all — super admin: every plan with its limits and flags.
export const GET = route({ access: "super" }, async () => listAllPlans(getDb()));
