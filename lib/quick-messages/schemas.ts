import { z } from "zod";
import type { UploadedFile } from "@/lib/storage/upload-stream";
import { idParams } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Catalogue key (messages/*.json "validation.") of the shortcode rule.
const SHORTCODE_FORMAT = "shortcodeFormat";

export const MESSAGE_MAX = 4096;

// multipart sends "true"/"false" (and a checkbox "on"); JSON sends booleans
const toBool = (v: unknown) => (v === "true" || v === "1" || v === "on" ? true : v === "false" || v === "0" || v === "" ? false : v);

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

// the upload already stored (lib/quick-messages/store-media.ts sets it; the caller's own `file` value is
// never read); a browser's empty part when no file was picked is none
const file = z.custom<UploadedFile>((v) => typeof v === "object" && v !== null && typeof (v as UploadedFile).path === "string").optional();

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
