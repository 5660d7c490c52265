import { getDb } from "@/db";
import { isForm, readForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { fileListIdParams as params } from "@/lib/file-lists/schemas";
import { readUploadForm, uploadFileListFiles } from "@/lib/file-lists/upload-files";

// POST /api/files/uploadList/{id} — multipart: `files` parts and, in the same order, one `id` part per
// file naming its option (shape in lib/file-lists/schemas.ts); answers the list.
export const POST = route({ access: "admin", params }, async ({ ctx, params, req }) => {
  if (!isForm(req)) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "files", message: "required" }] });
  const uploads = readUploadForm(await readForm(req), params.id);
  return uploadFileListFiles(getDb(), ctx, params.id, uploads);
});
