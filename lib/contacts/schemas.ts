import { z } from "zod";
import { pageQuery } from "@/lib/api/paging";
import { calendarDay } from "@/lib/validation/dates";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";
import { digitsOf, NUMBER_DIGITS } from "./normalize-number";

// built once: a zod schema per call costs ~30 µs, a second for a 20,000-row import
const emailFormat = z.email();
const isEmail = (v: string) => emailFormat.safeParse(v).success;

// spec core §5 Contact: name 2-50 required; number 8-50; email valid. Messages are catalogue keys,
// with the words the spec gives people's forms (Required, Too Short!, Too Long!, Invalid email).
export const contactFields = {
  name: z
    .string({ error: V.fieldRequired })
    .trim()
    .min(1, { message: V.fieldRequired, abort: true })
    .min(2, V.fieldTooShort)
    .max(50, V.fieldTooLong),
  // typed freely ("+55 (31) 99999-0000"), stored as its 8 to 50 digits
  number: z
    .string({ error: V.fieldRequired })
    .trim()
    .min(1, { message: V.fieldRequired, abort: true })
    // a bound on what is typed, masks and spaces included
    .max(100, { message: V.fieldTooLong, abort: true })
    .transform(digitsOf)
    .pipe(z.string().min(NUMBER_DIGITS.min, V.fieldTooShort).max(NUMBER_DIGITS.max, V.fieldTooLong)),
  email: z
    .string()
    .trim()
    .max(254, V.fieldTooLong)
    .refine((v) => v === "" || isEmail(v), { message: V.fieldInvalidEmail }),
};

export const extraInfoSchema = z.object({
  id: idSchema().optional(),
  name: z.string({ error: V.required }).trim().min(1, V.required).max(100, V.tooLong),
  value: z.string().trim().max(1000, V.tooLong).default(""),
});

/** The contact modal's form and the body of POST /api/contacts (extraInfo rows replace the set). */
export const contactSchema = z.object({
  name: contactFields.name,
  number: contactFields.number,
  email: contactFields.email.optional().default(""),
  extraInfo: z.array(extraInfoSchema).max(50, V.tooLong).optional().default([]),
});
export type ContactInput = z.input<typeof contactSchema>;
export type ContactValues = z.output<typeof contactSchema>;

/**
 * PUT /api/contacts/{id}: the form's fields, each optional: what is left out stays as it is (no
 * defaults here, or a left-out email or extra info would be erased). A group's number never changes.
 */
export const updateContactSchema = z.object({
  name: contactFields.name.optional(),
  number: contactFields.number.optional(),
  email: contactFields.email.optional(),
  extraInfo: z.array(extraInfoSchema).max(50, V.tooLong).optional(),
});
export type UpdateContactValues = z.output<typeof updateContactSchema>;

export const contactIdParams = idParams;

// a real calendar day the database can hold (2026-02-30 and 0000-01-01 are 400s, not query errors)
const optionalDay = z
  .union([z.literal(""), calendarDay])
  .optional()
  .transform((v) => v || undefined);

// GET /api/contacts (spec core §7): searchParam, pageNumber, date, dateStart, dateEnd (created date,
// yyyy-MM-dd in the company's timezone). The export takes the same filters.
export const contactFiltersQuery = z.object({
  searchParam: pageQuery.shape.searchParam,
  date: optionalDay,
  dateStart: optionalDay,
  dateEnd: optionalDay,
});
export type ContactFilters = { searchParam: string; date?: string; dateStart?: string; dateEnd?: string };

export const listContactsQuery = contactFiltersQuery.extend({ pageNumber: pageQuery.shape.pageNumber });
export type ListContactsQuery = ContactFilters & { pageNumber: number };

export const contactOptionsQuery = z.object({ searchParam: pageQuery.shape.searchParam });

/** POST /api/contacts/{id}/ticket: where the new ticket goes (defaults chosen by the service). */
export const startTicketSchema = z.object({
  queueId: idSchema().nullable().optional(),
  whatsappId: idSchema().nullable().optional(),
});
export type StartTicketInput = z.output<typeof startTicketSchema>;
