import { z } from "zod";
import { INVALID_DATE, isCalendarDay } from "@/lib/validation/dates";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";
import { RECURRENCES } from "./recurrence";

// spec core §5 Signup: name 2-50, password 5-50, email valid, phone exactly 10 or 11 digits.
export const signupSchema = z.object({
  name: z.string({ error: V.required }).trim().min(2, V.tooShort).max(50, V.tooLong),
  email: z.string({ error: V.required }).trim().min(1, V.required).email(V.signupInvalidEmail).max(254),
  phone: z
    .string({ error: V.phoneRequired })
    .transform((v) => v.replace(/\D/g, ""))
    .pipe(z.string().min(1, V.phoneRequired).regex(/^\d{10,11}$/, V.phoneDigits)),
  password: z.string({ error: V.required }).min(5, V.tooShort).max(50, V.tooLong),
  planId: idSchema(V.planRequired),
});
export type SignupInput = z.infer<typeof signupSchema>;

// ---- The super admin's company form and API (admin §2.4 Companies, §3 Company, §5 Company form) ----

// Catalogue keys (messages/*.json "validation.") of this form's own rules.
const INVALID_OPTION = "invalidOption";

// a form's switch, a JSON boolean or its text all mean the same flag
const toBool = (v: unknown) => (v === "true" ? true : v === "false" ? false : v);
const flag = z.preprocess(toBool, z.boolean({ error: INVALID_OPTION }));

/** spec admin §5: "an empty or invalid due date is sent as null": the form turns what it cannot read into null. */
export const formDueDate = (v: string | null | undefined): string | null => (v && isCalendarDay(v.trim()) ? v.trim() : null);

export const companyFields = {
  name: signupSchema.shape.name,
  email: signupSchema.shape.email,
  // the first admin's password (the admin signs in with the company's email)
  password: signupSchema.shape.password,
  // optional here; when given, the sign-up's rule (10 or 11 digits, mask stripped)
  phone: z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/\D/g, "") : v),
    z.union([z.literal(""), z.null(), z.string().regex(/^\d{10,11}$/, V.phoneDigits)]).transform((v) => v || null),
  ),
  planId: idSchema(V.planRequired),
  status: flag,
  campaignsEnabled: flag,
  // the API is strict (a date it cannot read is a 400); null or "" is "no due date"
  dueDate: z.preprocess(
    (v) => (v === "" ? null : v),
    z.union([z.null(), z.string().refine(isCalendarDay, INVALID_DATE)], { error: INVALID_DATE }),
  ),
  recurrence: z.enum(RECURRENCES, { error: INVALID_OPTION }),
};

/** POST /api/companies: the company, its first admin (company email + password), settings and due date. */
export const createCompanySchema = z.object({
  name: companyFields.name,
  email: companyFields.email,
  password: companyFields.password,
  phone: companyFields.phone.optional(),
  planId: companyFields.planId,
  status: companyFields.status.optional().default(true),
  campaignsEnabled: companyFields.campaignsEnabled.optional().default(false),
  dueDate: companyFields.dueDate.optional().default(null),
  recurrence: companyFields.recurrence.optional().default("MENSAL"),
});
export type CreateCompanyInput = z.infer<typeof createCompanySchema>;

/** PUT /api/companies/{id}: what is sent changes, what is left out stays (the password is the admin's, not here). */
export const updateCompanySchema = z.object({
  name: companyFields.name.optional(),
  email: companyFields.email.optional(),
  phone: companyFields.phone.optional(),
  planId: companyFields.planId.optional(),
  status: companyFields.status.optional(),
  campaignsEnabled: companyFields.campaignsEnabled.optional(),
  dueDate: companyFields.dueDate.optional(),
  recurrence: companyFields.recurrence.optional(),
});
export type UpdateCompanyInput = z.infer<typeof updateCompanySchema>;

/** The add/edit dialog: the API's rules; the password only when adding. */
export const companyFormSchema = (mode: "add" | "edit") =>
  z.object({
    name: companyFields.name,
    email: companyFields.email,
    password: mode === "add" ? companyFields.password : z.string().optional(),
    phone: companyFields.phone,
    planId: companyFields.planId,
    status: z.boolean(),
    campaignsEnabled: z.boolean(),
    dueDate: z.string().transform(formDueDate),
    recurrence: companyFields.recurrence,
  });
export type CompanyFormInput = z.input<ReturnType<typeof companyFormSchema>>;
export type CompanyFormValues = z.output<ReturnType<typeof companyFormSchema>>;

export const companyIdParams = idParams;
