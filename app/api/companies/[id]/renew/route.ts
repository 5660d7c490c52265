import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { renewCompany } from "@/lib/companies/renew-company";
import { companyIdParams as params } from "@/lib/companies/schemas";

// POST /api/companies/{id}/renew — super admin ("+ Vencimento"): the due date advances one recurrence step.
export const POST = route({ access: "super", params }, async ({ params }) => renewCompany(getDb(), params.id));
