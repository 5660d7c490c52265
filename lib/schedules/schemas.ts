import { z } from "zod";
import { pageQuery } from "@/lib/api/paging";
import { storableDate } from "@/lib/validation/dates";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue keys (messages/*.json "validation.") of the schedule form's own rules.
export const SCHEDULE_V = {
  bodyTooShort: "bodyTooShort",
  sendAtFuture: "sendAtFuture",
  imageType: "imageType",
} as const;

// PENDENTE until a scheduler claims it; ENVIANDO only inside the sending transaction; then ENVIADA
// (handed to the connection's outbox) or ERRO (with the reason in `error`).
export const SCHEDULE_STATUSES = ["PENDENTE", "ENVIANDO", "ENVIADA", "ERRO"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

// spec core §5: image attachment png, jpg, jpeg
export const SCHEDULE_IMAGE_EXTENSIONS = [".png", ".jpg", ".jpeg"] as const;
export const SCHEDULE_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
export const SCHEDULE_IMAGE_ACCEPT = [...SCHEDULE_IMAGE_EXTENSIONS, ...SCHEDULE_IMAGE_TYPES].join(",");
export const MAX_SCHEDULE_IMAGE_BYTES = 10 * 1024 * 1024;

/** Whether a file is one the schedule accepts: a png/jpg/jpeg name with an image type (or none). */
export function isScheduleImage(file: { name: string; type?: string }): boolean {
  const name = file.name.toLowerCase();
  const extOk = SCHEDULE_IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
  const type = (file.type ?? "").toLowerCase();
  return extOk && (!type || (SCHEDULE_IMAGE_TYPES as readonly string[]).includes(type));
}

export const BODY_MIN = 5;
export const BODY_MAX = 4096;

// a form's empty field or a JSON null both mean "not given", which is "Obrigatório"
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/**
 * spec core §5 Schedule: body at least 5 ("Mensagem muito curta"); contactId required; sendAt
 * required ("Obrigatório"), and in the future (ours: a past time would be sent at once).
 * Shared by the modal (react-hook-form) and POST/PUT /api/schedules. `userId` and `status` are
 * never read from a body: the caller is the author and the server owns the status.
 */
export const scheduleSchema = z.object({
  body: z.string({ error: SCHEDULE_V.bodyTooShort }).trim().min(BODY_MIN, SCHEDULE_V.bodyTooShort).max(BODY_MAX, V.tooLong),
  contactId: z.preprocess(blankToUndefined, idSchema(V.required)),
  sendAt: z.preprocess(
    blankToUndefined,
    storableDate(V.required).refine((d) => d.getTime() > Date.now(), SCHEDULE_V.sendAtFuture),
  ),
});
export type ScheduleInput = z.infer<typeof scheduleSchema>;

/** PUT /api/schedules/{id}: the same fields, each optional: what is left out stays as it is. */
export const updateScheduleSchema = scheduleSchema.partial();
export type UpdateScheduleInput = z.infer<typeof updateScheduleSchema>;

export const scheduleIdParams = idParams;

// a range the database can hold: year 0 or +275760 is a 400, not a query error
const isoDate = z.preprocess(blankToUndefined, storableDate().optional());

/**
 * GET /api/schedules: the calendar asks for a range (`start`, `end`); without one it is a paged
 * list (`searchParam` over body and contact name, `pageNumber`), newest send time first.
 */
export const listSchedulesQuery = pageQuery.extend({
  start: isoDate,
  end: isoDate,
  contactId: z.preprocess(blankToUndefined, idSchema().optional()),
});
export type ListSchedulesQuery = z.infer<typeof listSchedulesQuery>;

// spec core §2: contact search starts at 3 characters
export const CONTACT_SEARCH_MIN = 3;
export const contactSearchQuery = z.object({ searchParam: z.string().trim().max(200).optional().default("") });
