import { getDb } from "@/db";
import { isForm, readForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { importContacts } from "@/lib/contacts/import-contacts";
import { IMPORT_MAX_BYTES } from "@/lib/contacts/read-import-file";

// room for the multipart envelope around a file of the maximum size
const MAX_REQUEST_BYTES = IMPORT_MAX_BYTES + 64 * 1024;

// POST /api/contacts/import — multipart `file` (CSV or XLSX); answers
// `{ created, updated, refused: [{ row, reason }] (first 100), refusedCount, total }`.
export const POST = route({}, async ({ req, ctx }) => {
  if (Number(req.headers.get("content-length") ?? 0) > MAX_REQUEST_BYTES) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", 400);
  // no form at all is a missing file; a malformed one answers ERR_INVALID_BODY
  const file = isForm(req) ? (await readForm(req, { files: ["file"] })).get("file") : null;
  if (!file || typeof file === "string") throw new AppError("ERR_IMPORT_NO_FILE", 400);
  if (file.size > IMPORT_MAX_BYTES) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return importContacts(getDb(), ctx, { name: file.name, bytes });
});
