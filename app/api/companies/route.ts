import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { addCompany } from "@/lib/companies/add-company";
import { listCompanies } from "@/lib/companies/list-companies";
import { createCompanySchema } from "@/lib/companies/schemas";

// GET /api/companies — super admin: `{ companies, count, hasMore }`, 20 a page, by name, searched by name or email.
export const GET = route({ access: "super", query: pageQuery }, async ({ query }) => listCompanies(getDb(), query.searchParam, query.pageNumber));

// POST /api/companies — super admin: a company with its first admin (company email + password), settings and due date.
export const POST = route({ access: "super", body: createCompanySchema }, async ({ body }) => addCompany(getDb(), body));
