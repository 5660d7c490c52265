import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getCompany } from "@/lib/companies/company-view";
import { deleteCompany } from "@/lib/companies/delete-company";
import { companyIdParams as params, updateCompanySchema } from "@/lib/companies/schemas";
import { updateCompany } from "@/lib/companies/update-company";

// GET /api/companies/{id} — super admin: one company with its plan and campaignsEnabled.
export const GET = route({ access: "super", params }, async ({ params }) => getCompany(getDb(), params.id));

// PUT /api/companies/{id} — super admin: edit; `status: false` suspends (sessions end, connections stop).
export const PUT = route({ access: "super", params, body: updateCompanySchema }, async ({ params, body }) => updateCompany(getDb(), params.id, body));

// DELETE /api/companies/{id} — super admin: the company and all its data, media and WhatsApp sessions.
export const DELETE = route({ access: "super", params }, async ({ params }) => deleteCompany(getDb(), params.id));
