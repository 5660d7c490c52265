import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db";
import { PLAN_FLAGS, type PlanFlag } from "@/lib/plans/features";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { getSessionUser } from "@/lib/users/get-session-user";
import { getPageContext } from "./page-context";

/** Everything the shell and page gates need about the signed-in viewer; anonymous goes to /login. */
export const getPageViewer = cache(async () => {
  const ctx = await getPageContext();
  if (!ctx) redirect("/login");
  const db = getDb();
  const [found, plan] = await Promise.all([getSessionUser(db, ctx.userId), getCompanyPlan(db, ctx.companyId)]);
  if (!found) redirect("/login");
  const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, Boolean(plan?.[f])])) as Record<PlanFlag, boolean>;
  const campaignsSetting = found.user.company.settings.some((s) => s.key === "campaignsEnabled" && s.value === "true");
  return { ctx, user: found.user, plan: flags, campaignsSetting };
});
