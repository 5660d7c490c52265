import { z } from "zod";
import { idParams } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue key (messages/*.json "validation.") of the shortcode rule.
const SHORTCODE_FORMAT = "shortcodeFormat";

export const MESSAGE_MAX = 4096;

// multipart sends "true"/"false" (and a checkbox "on"); JSON sends booleans
const toBool = (v: unknown) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" || v === "" ? false : v);
// a browser sends an empty part when no file was picked
const toFile = (v: unknown) => (typeof File !== "undefined" && v instanceof File && (v.size > 0 || v.name) ? v : undefined);

// spec core §3 Quick message; admin §9: geral defaults false, status true.
export const quickMessageFields = {
  // typed after "/" in the message input: one word, kept lowercase so "/Ola" and "/ola" find it;
  // a leading "/" typed here is dropped
  shortcode: z
    .string({ error: V.required })
    .trim()
    .transform((s) => s.replace(/^\/+/, ""))
    .pipe(z.string().min(1, { error: V.required, abort: true }).max(50, V.tooLong).regex(/^\S+$/, SHORTCODE_FORMAT))
    .transform((s) => s.toLowerCase()),
  message: z.string().trim().max(MESSAGE_MAX, V.tooLong),
  geral: z.preprocess(toBool, z.boolean()),
  status: z.preprocess(toBool, z.boolean()),
};

const file = z.preprocess(toFile, z.custom<File>((v) => typeof File !== "undefined" && v instanceof File).optional());

/** POST /api/quick-messages (JSON, or multipart with an optional `file`): a message or a file is required. */
export const createQuickMessageSchema = z
  .object({
    shortcode: quickMessageFields.shortcode,
    message: quickMessageFields.message.optional().default(""),
    geral: quickMessageFields.geral.optional().default(false),
    status: quickMessageFields.status.optional().default(true),
    file,
  })
  .superRefine((v, c) => {
    if (!v.message && !v.file) c.addIssue({ code: "custom", path: ["message"], message: V.required });
  });
export type CreateQuickMessageInput = z.infer<typeof createQuickMessageSchema>;

/** PUT /api/quick-messages/{id}: what is sent changes; a new `file` replaces the old one. */
export const updateQuickMessageSchema = z.object({
  shortcode: quickMessageFields.shortcode.optional(),
  message: quickMessageFields.message.optional(),
  geral: quickMessageFields.geral.optional(),
  status: quickMessageFields.status.optional(),
  file,
});
export type UpdateQuickMessageInput = z.infer<typeof updateQuickMessageSchema>;

/** The add/edit dialog; `hasMedia` says whether a file is attached (picked now or kept). */
export const quickMessageFormSchema = z
  .object({
    shortcode: quickMessageFields.shortcode,
    message: quickMessageFields.message,
    geral: z.boolean(),
    status: z.boolean(),
    hasMedia: z.boolean(),
  })
  .superRefine((v, c) => {
    if (!v.message && !v.hasMedia) c.addIssue({ code: "custom", path: ["message"], message: V.required });
  });
export type QuickMessageFormInput = z.input<typeof quickMessageFormSchema>;
export type QuickMessageFormValues = z.output<typeof quickMessageFormSchema>;

export const quickMessageIdParams = idParams;
