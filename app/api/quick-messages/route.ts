import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createQuickMessage } from "@/lib/quick-messages/create-quick-message";
import { listQuickMessages } from "@/lib/quick-messages/list-quick-messages";
import { createQuickMessageSchema } from "@/lib/quick-messages/schemas";

// GET /api/quick-messages — `{ records, count, hasMore }`, 20 a page: the caller's own and the shared ones.
export const GET = route({ query: pageQuery }, async ({ ctx, query }) =>
  listQuickMessages(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/quick-messages — JSON, or multipart with an optional `file`.
export const POST = route({ body: createQuickMessageSchema }, async ({ ctx, body }) => createQuickMessage(getDb(), ctx, body));
