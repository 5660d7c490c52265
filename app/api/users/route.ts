import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { listUsers } from "@/lib/users/list-users";

// GET /api/users — `{ users, count, hasMore }`, 20 a page, searched by name or email.
export const GET = route({ query: pageQuery }, async ({ ctx, query }) =>
  listUsers(getDb(), ctx, query.searchParam, query.pageNumber),
);
