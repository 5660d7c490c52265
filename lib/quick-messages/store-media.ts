import { FORM_ROOM_BYTES, isForm, readBody } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { deleteMedia } from "@/lib/storage";
import { withUploadStream, type StreamedUpload, type UploadedFile, type UploadLimits } from "@/lib/storage/upload-stream";
import { QUICK_MESSAGE_MAX_BYTES, quickMessageMediaName } from "./media-name";

type StoredQuickMedia = { mediaPath: string; mediaName: string };

/**
 * A quick message's attachment, streamed to storage (lib/storage/upload-stream.ts) within these
 * limits: as `file`, or as `medias`, the name the message routes use (issue 34 §2.6: it was dropped).
 */
export const QUICK_MESSAGE_UPLOAD: UploadLimits = {
  fileFields: ["file", "medias"],
  maxFiles: 1,
  maxFileBytes: QUICK_MESSAGE_MAX_BYTES,
  maxRequestBytes: QUICK_MESSAGE_MAX_BYTES + FORM_ROOM_BYTES,
  tooMany: () => new AppError("ERR_VALIDATION", 400, { issues: [{ path: "file", message: "tooLong" }] }),
};

/**
 * POST and PUT /quick-messages: JSON, or multipart whose `file` (or `medias`) streams into storage
 * as it arrives. `handle` gets the body to validate, its `file` always the stored upload (never a
 * value the caller sent); when it throws, the stored file is deleted before the error goes on.
 */
export async function withQuickMessageBody<T>(req: Request, companyId: number, handle: (raw: unknown) => Promise<T>): Promise<T> {
  if (!isForm(req)) {
    const raw = await readBody(req);
    return handle(isRecord(raw) ? { ...raw, file: undefined } : (raw ?? {}));
  }
  return withUploadStream(req, companyId, QUICK_MESSAGE_UPLOAD, (upload) => handle({ ...lastValues(upload), file: upload.files[0] }));
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
// as Object.fromEntries(form.entries()) read it before: a repeated field's last value
const lastValues = (upload: StreamedUpload) => Object.fromEntries(Object.entries(upload.fields).map(([k, v]) => [k, v[v.length - 1]]));

/** The stored upload as the quick message names it: its key and display name (spec admin §5). */
export const quickMedia = (file: UploadedFile | undefined): StoredQuickMedia | null =>
  file ? { mediaPath: file.path, mediaName: quickMessageMediaName(file.sentName || file.filename) } : null;

/**
 * Runs the write that points a row at the stored file (if any). A write that fails (a taken
 * shortcode, say) takes the new file away again, so no file is left that nothing names.
 */
export async function withQuickMessageMedia<T>(companyId: number, file: UploadedFile | undefined, write: (media: StoredQuickMedia | null) => Promise<T>): Promise<T> {
  const media = quickMedia(file);
  try {
    return await write(media);
  } catch (err) {
    await deleteMedia(companyId, media?.mediaPath);
    throw err;
  }
}
