import { z } from "zod";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";
import { QUEUE_COLOR, normalizeQueueColor } from "./colors";
import { TIME_HHMM, WEEKDAY_KEYS, WEEKDAYS } from "./schedules";

// Catalogue keys (messages/*.json "validation.") of the queue form's own rules.
const INVALID_COLOR = "invalidColor";
const WHOLE_NUMBER = "wholeNumber";
const TIME_FORMAT = "timeFormat";
const END_BEFORE_START = "endBeforeStart";
const INVALID_WEEKDAY = "invalidWeekday";

// a form's empty field or a JSON null both mean "none"
const emptyToNull = (v: unknown) => (v === "" || v === null ? null : v);
const nullableId = z.preprocess(emptyToNull, idSchema().nullable());
const message = z.string().max(4096, V.tooLong);
const time = z.string({ error: TIME_FORMAT }).trim().regex(TIME_HHMM, TIME_FORMAT);

/** spec §3 Schedule entry: weekday, weekdayEn, startTime, endTime (HH:MM); the Portuguese name follows weekdayEn. */
export const scheduleEntrySchema = z
  .object({
    weekday: z.string().max(30).optional(),
    weekdayEn: z.enum(WEEKDAY_KEYS, { error: INVALID_WEEKDAY }),
    startTime: time,
    endTime: time,
  })
  // equal times close the day (Sunday's 00:00-00:00); an end before the start would be a closed day in disguise
  // (only once both are times: a malformed one has its own message)
  .refine((s) => !TIME_HHMM.test(s.startTime) || !TIME_HHMM.test(s.endTime) || s.endTime >= s.startTime, {
    message: END_BEFORE_START,
    path: ["endTime"],
  })
  .transform((s) => ({
    weekday: WEEKDAYS.find((d) => d.weekdayEn === s.weekdayEn)!.weekday,
    weekdayEn: s.weekdayEn,
    startTime: s.startTime,
    endTime: s.endTime,
  }));

/** Up to one entry per weekday, answered in weekday order (a missing day is closed). */
export const schedulesSchema = z
  .array(scheduleEntrySchema)
  .max(7, V.tooLong)
  .refine((list) => new Set(list.map((s) => s.weekdayEn)).size === list.length, { message: INVALID_WEEKDAY })
  .transform((list) => [...list].sort((a, b) => WEEKDAY_KEYS.indexOf(a.weekdayEn) - WEEKDAY_KEYS.indexOf(b.weekdayEn)));

// spec admin §5: name 2-50 required; color 3-9 chars required; greetingMessage string.
export const queueFields = {
  name: z.string({ error: V.required }).trim().min(1, { message: V.required, abort: true }).min(2, V.tooShort).max(50, V.tooLong),
  color: z
    .string({ error: V.required })
    .trim()
    // one message per field: the first rule broken
    .min(1, { message: V.required, abort: true })
    .min(3, { message: V.tooShort, abort: true })
    .max(9, { message: V.tooLong, abort: true })
    .regex(QUEUE_COLOR, INVALID_COLOR)
    .transform(normalizeQueueColor),
  greetingMessage: message,
  complationMessage: message,
  outOfHoursMessage: message,
  ratingMessage: message,
  orderQueue: z.preprocess(
    emptyToNull,
    z.coerce.number({ error: WHOLE_NUMBER }).int(WHOLE_NUMBER).min(0, WHOLE_NUMBER).max(9999, WHOLE_NUMBER).nullable(),
  ),
  schedules: schedulesSchema,
  promptId: nullableId,
  integrationId: nullableId,
};

/** POST /api/queue: name and colour are required; left-out hours are the spec's defaults. */
export const createQueueSchema = z.object({
  name: queueFields.name,
  color: queueFields.color,
  greetingMessage: queueFields.greetingMessage.optional(),
  complationMessage: queueFields.complationMessage.optional(),
  outOfHoursMessage: queueFields.outOfHoursMessage.optional(),
  ratingMessage: queueFields.ratingMessage.optional(),
  orderQueue: queueFields.orderQueue.optional(),
  schedules: queueFields.schedules.optional(),
  promptId: queueFields.promptId.optional(),
  integrationId: queueFields.integrationId.optional(),
});
export type CreateQueueInput = z.infer<typeof createQueueSchema>;

/** PUT /api/queue/{id}: what is sent changes, what is left out stays. */
export const updateQueueSchema = createQueueSchema.partial();
export type UpdateQueueInput = z.infer<typeof updateQueueSchema>;

/** The dialog's "Dados da Fila" and "Horários de Atendimento" tabs: every field present. */
export const queueFormSchema = z.object({
  name: queueFields.name,
  color: queueFields.color,
  greetingMessage: queueFields.greetingMessage,
  complationMessage: queueFields.complationMessage,
  outOfHoursMessage: queueFields.outOfHoursMessage,
  ratingMessage: queueFields.ratingMessage,
  orderQueue: queueFields.orderQueue,
  schedules: queueFields.schedules,
});
export type QueueFormInput = z.input<typeof queueFormSchema>;
export type QueueFormValues = z.output<typeof queueFormSchema>;

export { idParams };
