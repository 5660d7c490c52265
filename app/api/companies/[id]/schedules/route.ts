import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getCompanySchedules } from "@/lib/settings/get-company-schedules";
import { companyIdParams as params, companySchedulesSchema } from "@/lib/settings/schemas";
import { updateCompanySchedules } from "@/lib/settings/update-company-schedules";

// GET /api/companies/{id}/schedules — the caller's own company work hours: `{ id, schedules }`.
export const GET = route({ params }, async ({ ctx, params }) => getCompanySchedules(getDb(), ctx, params.id));

// PUT /api/companies/{id}/schedules — admins of that company: `{ schedules: [{ weekday, weekdayEn, startTime, endTime }] }`.
export const PUT = route({ access: "admin", params, body: companySchedulesSchema }, async ({ ctx, params, body }) =>
  updateCompanySchedules(getDb(), ctx, params.id, body),
);
