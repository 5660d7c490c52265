import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, plans } from "@/db/schema";
import { holdsSuperUser } from "@/lib/companies/owner-company";
import type { CheckoutPlan } from "./build-payload";

export type SubscriptionInfo = {
  /** the billing email (spec admin §2.6): the company's email */
  email: string | null;
  dueDate: string | null;
  recurrence: string;
  timezone: string;
  trialExpiration: Date | null;
  /** the company's current plan, also offered in the checkout when it is not a public one */
  plan: CheckoutPlan;
  /** the platform owner's company (it holds a super user): no due date, nothing to pay */
  isPlatformOwner: boolean;
};


/** What /subscription and the checkout show of the company's subscription (server read). */
export async function getSubscriptionInfo(db: DbOrTx, companyId: number): Promise<SubscriptionInfo | null> {
  const [row] = await db
    .select({
      email: companies.email,
      dueDate: companies.dueDate,
      recurrence: companies.recurrence,
      timezone: companies.timezone,
      trialExpiration: companies.trialExpiration,
      isPlatformOwner: holdsSuperUser,
      plan: { id: plans.id, name: plans.name, users: plans.users, connections: plans.connections, queues: plans.queues, value: plans.value },
    })
    .from(companies)
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(eq(companies.id, companyId));
  return row ?? null;
}
