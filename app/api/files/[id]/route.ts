import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteFileList } from "@/lib/file-lists/delete-file-list";
import { getFileList } from "@/lib/file-lists/file-list-view";
import { fileListIdParams as params, updateFileListSchema } from "@/lib/file-lists/schemas";
import { updateFileList } from "@/lib/file-lists/update-file-list";

// GET /api/files/{id} — the list with its options (each with path, mediaType, fileName, url).
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => getFileList(getDb(), ctx.companyId, params.id));

// PUT /api/files/{id} — name, message and, when sent, the whole set of options (lib/file-lists/schemas.ts).
export const PUT = route({ access: "admin", params, body: updateFileListSchema }, async ({ ctx, params, body }) =>
  updateFileList(getDb(), ctx, params.id, body),
);

// DELETE /api/files/{id} — the list, its options and their files.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteFileList(getDb(), ctx, params.id));
