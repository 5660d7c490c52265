import { redirect } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db";
import { PLAN_FLAGS, type PlanFlag } from "@/lib/plans/features";
import { loadFeatures } from "@/lib/plans/load-features";
import { getSessionUser } from "@/lib/users/get-session-user";
import { getPageContext } from "./page-context";

/** Everything the shell and page gates need about the signed-in viewer; anonymous goes to /login. */
export const getPageViewer = cache(async () => {
  const ctx = await getPageContext();
  if (!ctx) redirect("/login");
  const db = getDb();
  // the request context already read the plan's flags and the campaigns setting (one statement)
  const [found, features] = await Promise.all([getSessionUser(db, ctx.userId), ctx.features ?? loadFeatures(db, ctx.companyId)]);
  if (!found) redirect("/login");
  const flags = Object.fromEntries(PLAN_FLAGS.map((f) => [f, Boolean(features?.[f])])) as Record<PlanFlag, boolean>;
  const campaignsSetting = Boolean(features?.campaignsEnabled);
  return { ctx, user: found.user, plan: flags, campaignsSetting };
});
