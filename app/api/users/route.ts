import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createUser } from "@/lib/users/create-user";
import { listUsers } from "@/lib/users/list-users";
import { createUserSchema } from "@/lib/users/schemas";

// GET /api/users — admins: `{ users, count, hasMore }`, 20 a page, searched by name or email.
export const GET = route({ access: "admin", query: pageQuery }, async ({ ctx, query }) =>
  listUsers(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/users — add a user to the company (admins; the plan's user limit holds).
export const POST = route({ access: "admin", body: createUserSchema }, async ({ ctx, body }) => createUser(getDb(), ctx, body));
