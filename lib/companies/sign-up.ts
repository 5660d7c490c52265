import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { countAttempt, emailAndAddressLimits } from "@/lib/auth/attempt-limit";
import { addDaysToDate, DEFAULT_TIMEZONE, todayIn } from "@/lib/dates/today";
import { createCompany } from "./create-company";
import type { SignupInput } from "./schemas";

export const TRIAL_DAYS = 3;

/**
 * Self-service sign-up (POST /companies/cadastro): a 3-day trial, recurrence MENSAL, campaigns on.
 * The due date is set here; whatever the client sends for it is ignored. Every attempt, made or
 * refused, counts against its email and client address (lib/auth/attempt-limit.ts): past the
 * limit it answers 429 before creating anything.
 */
export async function signUp(db: DbOrTx, input: SignupInput, client: { address: string }, now = new Date()) {
  await countAttempt(db, emailAndAddressLimits("signup", input.email, client.address), now);
  const [plan] = await db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, input.planId), eq(plans.isPublic, true)));
  if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
  const dueDate = addDaysToDate(todayIn(DEFAULT_TIMEZONE, now), TRIAL_DAYS);
  const { company } = await createCompany(db, {
    name: input.name,
    email: input.email.toLowerCase(),
    phone: input.phone,
    planId: plan.id,
    dueDate,
    recurrence: "MENSAL",
    trialExpiration: new Date(now.getTime() + TRIAL_DAYS * 86_400_000),
    admin: { name: input.name, email: input.email, password: input.password },
    settings: { campaignsEnabled: "true" },
  });
  return { id: company.id, name: company.name, dueDate: company.dueDate };
}
