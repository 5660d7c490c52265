import type { DbOrTx } from "@/db";
import { createCompany } from "./create-company";
import { getCompany } from "./company-view";
import type { CreateCompanyInput } from "./schemas";

/**
 * POST /companies (super admin): the company with its default settings, campaignsEnabled as the
 * form set it, the due date given (null: no due date) and its first admin, who signs in with the
 * company's email and the password of the form.
 */
export async function addCompany(db: DbOrTx, input: CreateCompanyInput) {
  const email = input.email.toLowerCase();
  const { company } = await createCompany(db, {
    name: input.name,
    email,
    phone: input.phone ?? null,
    planId: input.planId,
    status: input.status,
    dueDate: input.dueDate,
    recurrence: input.recurrence,
    admin: { name: input.name, email, password: input.password },
    settings: { campaignsEnabled: String(input.campaignsEnabled) },
  });
  return getCompany(db, company.id);
}
