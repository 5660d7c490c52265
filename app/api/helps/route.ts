import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createHelp } from "@/lib/helps/create-help";
import { listHelpsPage } from "@/lib/helps/list-helps";
import { createHelpSchema } from "@/lib/helps/schemas";

// GET /api/helps — any signed-in user: `{ helps, count, hasMore }`, 20 a page, searched by title or description.
export const GET = route({ query: pageQuery }, async ({ query }) => listHelpsPage(getDb(), query.searchParam, query.pageNumber));

// POST /api/helps — super admin: a help video (title, video code, description).
export const POST = route({ access: "super", body: createHelpSchema }, async ({ body }) => createHelp(getDb(), body));
