import { z } from "zod";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { idSchema } from "@/lib/validation/ids";

const params = z.object({ companyId: idSchema() });

// GET /api/companies/listPlan/{companyId} — the caller's company plan (super admins: any company).
export const GET = route({ params }, async ({ ctx, params }) => {
  if (params.companyId !== ctx.companyId && !ctx.super) throw new AppError("ERR_NOT_FOUND", 404);
  const plan = await getCompanyPlan(getDb(), params.companyId);
  if (!plan) throw new AppError("ERR_NOT_FOUND", 404);
  return { plan };
});
