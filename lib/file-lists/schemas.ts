/**
 * File lists (admin §2.11, §3 FileList): a name, a message and options, each a text and, once
 * uploaded, a file.
 *
 * For readers of `file_list_options` (the campaign dispatcher sends a list's files after the text):
 * - `path` is a storage key of lib/storage (keys.ts) (`{companyId}/{yyyy-mm}/{uuid}-{name}`),
 *   read with `readMedia(companyId, path)`; "" while the option has no file.
 * - `mediaType` is the file's MIME type (`image/png`, `application/pdf`, ...), as the browser sent
 *   it or, when it sent none, as `mimeFromName` reads the file's extension; "" without a file.
 * - `name` is the option's text (a caption), not the file's name; the file's name is the end of
 *   `path` after the uuid (`fileNameOf`).
 *
 * Uploads (`POST /api/files/uploadList/{id}`, multipart): one or more `files` parts, and with them
 * the option each goes to, in the same order: one `id` part per file (the spec's client shape, where
 * `fileId` names the list itself and, if sent, must be `{id}`); a form with no `id` part may name the
 * options with `fileId` parts instead. `typeArch`, `mediaType` and `name` parts are accepted and
 * ignored (the type is the file's own, the text is the option's). A file replaces the option's earlier one.
 */
import { z } from "zod";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// Issue message of a name under 3 characters (spec admin §5 'nome muito curto'), translated on
// /files under "fileLists.validation.".
export const NAME_TOO_SHORT = "nameTooShort";

export const FILE_LIST_NAME_MAX = 100;
export const FILE_LIST_MESSAGE_MAX = 4096;
export const OPTION_NAME_MAX = 255;
export const OPTIONS_MAX = 50;
/** The largest file an option carries (the same bound as a quick message's). */
export { QUICK_MESSAGE_MAX_BYTES as FILE_LIST_MAX_BYTES } from "@/lib/quick-messages/media-name";
/** Files in one upload request. */
export const UPLOAD_FILES_MAX = 20;

export const fileListFields = {
  name: z.string({ error: V.required }).trim().min(1, { error: V.required, abort: true }).min(3, NAME_TOO_SHORT).max(FILE_LIST_NAME_MAX, V.tooLong),
  message: z.string({ error: V.required }).trim().min(1, V.required).max(FILE_LIST_MESSAGE_MAX, V.tooLong),
  optionName: z.string({ error: V.required }).trim().min(1, V.required).max(OPTION_NAME_MAX, V.tooLong),
};

/** POST /api/files: `{ name, message, options: [{ name }] }`. */
export const createFileListSchema = z.object({
  name: fileListFields.name,
  message: fileListFields.message,
  options: z
    .array(z.object({ name: fileListFields.optionName }))
    .max(OPTIONS_MAX, V.tooLong)
    .optional()
    .default([]),
});
export type CreateFileListInput = z.infer<typeof createFileListSchema>;

/**
 * PUT /api/files/{id}: name and message change when sent; `options`, when sent, is the whole list
 * of options: one with an `id` is kept (its text updated; `removeFile` drops its file), one without
 * is added, and every option left out is deleted with its file.
 */
export const updateFileListSchema = z.object({
  name: fileListFields.name.optional(),
  message: fileListFields.message.optional(),
  options: z
    .array(z.object({ id: idSchema().optional(), name: fileListFields.optionName, removeFile: z.boolean().optional() }))
    .max(OPTIONS_MAX, V.tooLong)
    .superRefine((opts, c) => {
      const seen = new Set<number>();
      opts.forEach((o, i) => {
        if (o.id === undefined) return;
        if (seen.has(o.id)) c.addIssue({ code: "custom", path: [i, "id"], message: "duplicateOption" });
        seen.add(o.id);
      });
    })
    .optional(),
});
export type UpdateFileListInput = z.infer<typeof updateFileListSchema>;

/** The add/edit dialog: an option's file is picked in the browser and uploaded after the save. */
export const fileListFormSchema = z.object({
  name: fileListFields.name,
  message: fileListFields.message,
  options: z.array(
    z.object({
      id: z.number().optional(),
      name: fileListFields.optionName,
      /** the file kept from before ("" none) */
      fileName: z.string(),
      removeFile: z.boolean(),
      file: z.custom<File>((v) => typeof File !== "undefined" && v instanceof File).nullable(),
    }),
  ),
});
export type FileListFormInput = z.input<typeof fileListFormSchema>;
export type FileListFormValues = z.output<typeof fileListFormSchema>;

export const fileListIdParams = idParams;

const optionIds = z.array(idSchema()).max(UPLOAD_FILES_MAX, V.tooLong);

/** The multipart upload, read from the form's repeated parts (see the header of this file). */
export const uploadFormSchema = z.object({ ids: optionIds, fileIds: optionIds });
