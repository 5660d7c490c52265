import { getDb } from "@/db";
import { isForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { fileListIdParams as params } from "@/lib/file-lists/schemas";
import { FILE_LIST_UPLOAD, readUploadForm, uploadFileListFiles } from "@/lib/file-lists/upload-files";
import { withUploadStream } from "@/lib/storage/upload-stream";

// POST /api/files/uploadList/{id} — multipart: `files` parts and, in the same order, one `id` part per
// file naming its option (shape in lib/file-lists/schemas.ts); answers the list. The files stream
// into storage as they arrive; a refused upload deletes them.
export const POST = route({ access: "admin", params, upload: FILE_LIST_UPLOAD }, async ({ ctx, params, req }) => {
  if (!isForm(req)) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "files", message: "required" }] });
  return withUploadStream(req, ctx.companyId, FILE_LIST_UPLOAD, (upload) => uploadFileListFiles(getDb(), ctx, params.id, readUploadForm(upload, params.id)));
});
