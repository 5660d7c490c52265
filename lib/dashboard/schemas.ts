import { z } from "zod";
import { calendarDay } from "@/lib/validation/dates";

// yyyy-MM-dd, a real calendar day the database can hold (2024-02-30 and 0000-01-01 are refused)
const day = calendarDay;
const optionalDay = z
  .union([z.literal(""), day])
  .optional()
  .transform((v) => v || undefined);

/** The longest range the dashboard answers: a year and a day (a leap year's whole year fits). */
export const MAX_RANGE_DAYS = 367;

/**
 * GET /api/dashboard (spec core §7): `days` (the last N days, today included) or `date_from` and
 * `date_to` (yyyy-MM-dd, whole days in the company's timezone; date_to defaults to today). days
 * wins when both come. With neither the answer is 400 ERR_VALIDATION, which the page shows as
 * "Parametrize o filtro".
 */
export const dashboardQuery = z
  .object({
    days: z
      .union([z.literal(""), z.coerce.number().int().min(1).max(MAX_RANGE_DAYS)])
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    date_from: optionalDay,
    date_to: optionalDay,
  })
  .superRefine((q, issue) => {
    if (q.days === undefined && !q.date_from) {
      issue.addIssue({ code: "custom", path: ["days"], message: "days or date_from is required" });
    }
    if (q.days === undefined && q.date_from && q.date_to && q.date_from > q.date_to) {
      issue.addIssue({ code: "custom", path: ["date_to"], message: "date_to is before date_from" });
    }
  });
export type DashboardQuery = Partial<z.output<typeof dashboardQuery>>;

/** The two charts' filter (spec core §7): initialDate and finalDate, both yyyy-MM-dd, inclusive. */
export const chartQuery = z
  .object({ initialDate: day, finalDate: day })
  .refine((q) => q.initialDate <= q.finalDate, { path: ["finalDate"], message: "finalDate is before initialDate" });
export type ChartQuery = z.output<typeof chartQuery>;
