import { getDb } from "@/db";
import { FORM_ROOM_BYTES, isForm, readForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { importContacts } from "@/lib/contacts/import-contacts";
import { IMPORT_MAX_BYTES } from "@/lib/contacts/read-import-file";

// the request in all: a file of the maximum size and the form around it (413 ERR_PAYLOAD_TOO_LARGE above)
const maxBodyBytes = IMPORT_MAX_BYTES + FORM_ROOM_BYTES;

// POST /api/contacts/import — multipart `file` (CSV or XLSX); answers
// `{ created, updated, refused: [{ row, reason }] (first 100), refusedCount, total }`.
export const POST = route({ maxBodyBytes }, async ({ req, ctx }) => {
  // no form at all is a missing file; a malformed one answers ERR_INVALID_BODY
  const file = isForm(req) ? (await readForm(req, { files: ["file"] })).get("file") : null;
  if (!file || typeof file === "string") throw new AppError("ERR_IMPORT_NO_FILE", 400);
  if (file.size > IMPORT_MAX_BYTES) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return importContacts(getDb(), ctx, { name: file.name, bytes });
});
