import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createTag } from "@/lib/tags/create-tag";
import { listTags } from "@/lib/tags/list-tags";
import { createTagSchema } from "@/lib/tags/schemas";

// GET /api/tags — `{ tags, count, hasMore }`, 20 a page, searched by name, each with its ticketsCount.
export const GET = route({ query: pageQuery }, async ({ ctx, query }) => listTags(getDb(), ctx, query.searchParam, query.pageNumber));

// POST /api/tags — add a tag (kanban 1 only for admins and supervisors).
export const POST = route({ body: createTagSchema }, async ({ ctx, body }) => createTag(getDb(), ctx, body));
