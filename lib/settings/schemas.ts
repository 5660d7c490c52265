import { z } from "zod";
import { idParams } from "@/lib/validation/ids";
import { WEEKDAY_KEYS, WEEKDAYS } from "./weekdays";

// Catalogue keys (messages/*.json "validation.") of this area's rules.
const INVALID_OPTION = "invalidOption";
const TIME_FORMAT = "timeFormat";
const TIME_ORDER = "timeOrder";
const DUPLICATE_WEEKDAY = "duplicateWeekday";

export const settingKeyParams = z.object({ key: z.string().min(1).max(100) });

/** PUT /api/settings/{key}: `{ value }` (the spec also sends the key; the path's wins). */
export const updateSettingSchema = z.object({
  // a JSON boolean is accepted for campaignsEnabled's "true"/"false"
  value: z.union([z.string(), z.boolean()], { error: INVALID_OPTION }).transform(String),
});
export type UpdateSettingInput = z.infer<typeof updateSettingSchema>;

/** The value rule of one key, so a bad value answers 400 with `issues: [{ path: "value" }]`. */
export const settingValueSchema = (options: readonly string[]) =>
  z.object({ value: z.string().refine((v) => options.includes(v), INVALID_OPTION) });

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSED = "00:00";
const time = z.string().trim().refine((v) => v === "" || HH_MM.test(v), TIME_FORMAT);

/**
 * One weekday's work hours (spec §3 Schedule entry). Both times empty: the day has no hours set
 * (no out-of-hours message that day); 00:00-00:00: closed all day; otherwise start before end.
 */
export const scheduleEntrySchema = z
  .object({
    weekday: z.string().trim().max(30).optional(),
    weekdayEn: z.enum(WEEKDAY_KEYS, { error: INVALID_OPTION }),
    startTime: time,
    endTime: time,
  })
  .superRefine((e, issue) => {
    if (!e.startTime !== !e.endTime) {
      const path = e.startTime ? "endTime" : "startTime";
      issue.addIssue({ code: "custom", path: [path], message: TIME_FORMAT });
    } else if (e.startTime && e.endTime && e.startTime >= e.endTime && !(e.startTime === CLOSED && e.endTime === CLOSED)) {
      issue.addIssue({ code: "custom", path: ["endTime"], message: TIME_ORDER });
    }
  })
  // the stored name always matches the key, whatever the client called the day
  .transform((e) => ({ ...e, weekday: WEEKDAYS.find((d) => d.weekdayEn === e.weekdayEn)!.weekday }));

/** PUT /api/companies/{id}/schedules and the Schedules tab: at most one entry per weekday. */
export const companySchedulesSchema = z.object({
  schedules: z
    .array(scheduleEntrySchema)
    .max(WEEKDAYS.length)
    .superRefine((list, issue) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        if (seen.has(e.weekdayEn)) issue.addIssue({ code: "custom", path: [i, "weekdayEn"], message: DUPLICATE_WEEKDAY });
        seen.add(e.weekdayEn);
      });
    }),
});
export type CompanySchedulesInput = z.input<typeof companySchedulesSchema>;
export type CompanySchedulesValues = z.output<typeof companySchedulesSchema>;

export const companyIdParams = idParams;
