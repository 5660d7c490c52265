import { asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { holdsSuperUser } from "./owner-company";

/** A company as the super admin's Companies tab shows it (admin §3 Company). */
export type CompanyRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: boolean;
  dueDate: string | null;
  recurrence: string;
  timezone: string;
  createdAt: Date;
  planId: number;
  plan: { id: number; name: string };
  campaignsEnabled: boolean;
  /** the platform owner's company (it has a super user): no due date, never suspended or deleted */
  isOwner: boolean;
};

export const companyColumns = {
  id: companies.id,
  name: companies.name,
  email: companies.email,
  phone: companies.phone,
  status: companies.status,
  dueDate: companies.dueDate,
  recurrence: companies.recurrence,
  timezone: companies.timezone,
  createdAt: companies.createdAt,
  planId: companies.planId,
  plan: { id: plans.id, name: plans.name },
  // core §3: the stored flag that opens the campaigns area whatever the plan says
  campaignsEnabled: sql<boolean>`exists(select 1 from settings s where s.company_id = ${companies.id} and s.key = 'campaignsEnabled' and s.value = 'true')`,
  isOwner: holdsSuperUser,
};

/** Companies with their plan, for the list queries to filter, order and page. */
export const selectCompanies = (db: DbOrTx) => db.select(companyColumns).from(companies).innerJoin(plans, eq(plans.id, companies.planId));

/** GET /companies/{id}: one company (super admins act on any); a missing one is 404. */
export async function getCompany(db: DbOrTx, id: number): Promise<CompanyRow> {
  const [row] = await selectCompanies(db).where(eq(companies.id, id));
  if (!row) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  return row;
}

/** GET /companies/list: every company, by name. */
export function listAllCompanies(db: DbOrTx): Promise<CompanyRow[]> {
  return selectCompanies(db).orderBy(asc(companies.name), asc(companies.id));
}
