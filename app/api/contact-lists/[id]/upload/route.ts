import { getDb } from "@/db";
import { FORM_ROOM_BYTES, isForm, readForm } from "@/lib/api/body";
import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { importContactListItems } from "@/lib/contact-lists/import-items";
import { contactListIdParams as params } from "@/lib/contact-lists/schemas";
import { IMPORT_MAX_BYTES } from "@/lib/contacts/read-import-file";

// the request in all: a file of the maximum size and the form around it (413 ERR_PAYLOAD_TOO_LARGE above)
const maxBodyBytes = IMPORT_MAX_BYTES + FORM_ROOM_BYTES;

// POST /api/contact-lists/{id}/upload — multipart `file` (.xls, .xlsx or .csv; columns name, number,
// email); answers `{ created, updated, refused: [{ row, reason }] (first 100), refusedCount, total }`.
export const POST = route({ access: "admin", params, maxBodyBytes }, async ({ req, ctx, params }) => {
  const file = isForm(req) ? (await readForm(req, { files: ["file"] })).get("file") : null;
  if (!file || typeof file === "string") throw new AppError("ERR_IMPORT_NO_FILE", 400);
  if (file.size > IMPORT_MAX_BYTES) throw new AppError("ERR_IMPORT_FILE_TOO_LARGE", 400);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return importContactListItems(getDb(), ctx, params.id, { name: file.name, bytes });
});
