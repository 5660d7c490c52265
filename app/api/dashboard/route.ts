import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getDashboard } from "@/lib/dashboard/get-dashboard";
import { dashboardQuery } from "@/lib/dashboard/schemas";

// GET /api/dashboard — `{ counters, attendants }` of the caller's company for days or date_from..date_to (admins).
export const GET = route({ access: "admin", query: dashboardQuery }, async ({ ctx, query }) => getDashboard(getDb(), ctx, query));
