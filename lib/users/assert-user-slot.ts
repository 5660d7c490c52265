import { count, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { companies, users } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { assertEmailFree } from "./check-user-references";

/**
 * Before a user is added to a company: the plan's user limit holds even for concurrent creates (the
 * company row is locked for the rest of the transaction, so the count and the insert of one company
 * run one at a time), and the email is nobody's yet.
 */
export async function assertUserSlot(tx: Tx, companyId: number, email: string) {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
  const plan = await getCompanyPlan(tx, companyId);
  const [{ n }] = await tx.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  if (!plan || n >= plan.users) throw new AppError("ERR_USER_LIMIT_REACHED", 403, { limit: plan?.users ?? 0 });
  await assertEmailFree(tx, email);
}
