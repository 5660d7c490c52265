import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listContactListItems } from "@/lib/contact-lists/list-items";
import { createContactListItem } from "@/lib/contact-lists/save-item";
import { contactListItemsQuery, createContactListItemSchema } from "@/lib/contact-lists/schemas";

// GET /api/contact-list-items — `{ contacts, count, hasMore }` of one list (contactListId), 40 a page.
export const GET = route({ access: "admin", query: contactListItemsQuery }, async ({ ctx, query }) =>
  listContactListItems(getDb(), ctx, query.contactListId, query.searchParam, query.pageNumber),
);

// POST /api/contact-list-items — `{ name, number, email, contactListId }`.
export const POST = route({ access: "admin", body: createContactListItemSchema }, async ({ ctx, body }) =>
  createContactListItem(getDb(), ctx, body),
);
