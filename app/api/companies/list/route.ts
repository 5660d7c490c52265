import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listAllCompanies } from "@/lib/companies/company-view";

// GET /api/companies/list — super admin: every company, by name.
export const GET = route({ access: "super" }, async () => listAllCompanies(getDb()));
