import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createFileList } from "@/lib/file-lists/create-file-list";
import { listFileLists } from "@/lib/file-lists/list-file-lists";
import { createFileListSchema } from "@/lib/file-lists/schemas";

// GET /api/files — `{ files, count, hasMore }`, 40 a page, by name (searchParam: part of the name).
export const GET = route({ access: "admin", query: pageQuery }, async ({ ctx, query }) =>
  listFileLists(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/files — `{ name, message, options: [{ name }] }`; answers the list with its option ids.
export const POST = route({ access: "admin", body: createFileListSchema }, async ({ ctx, body }) => createFileList(getDb(), ctx, body));
