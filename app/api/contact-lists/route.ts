import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { listContactLists } from "@/lib/contact-lists/list-contact-lists";
import { createContactList } from "@/lib/contact-lists/save-contact-list";
import { contactListSchema } from "@/lib/contact-lists/schemas";

// GET /api/contact-lists — `{ records, count, hasMore }`, 40 a page, searched by name, with contactsCount.
export const GET = route({ access: "admin", query: pageQuery }, async ({ ctx, query }) =>
  listContactLists(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/contact-lists — `{ name }` (2-50).
export const POST = route({ access: "admin", body: contactListSchema }, async ({ ctx, body }) => createContactList(getDb(), ctx, body));
