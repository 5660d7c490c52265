import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listPublicPlans } from "@/lib/plans/list-public-plans";

// GET /api/plans/list — public: the plans a sign-up may choose.
export const GET = route({ access: "public" }, async () => listPublicPlans(getDb()));
