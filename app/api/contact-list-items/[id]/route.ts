import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getContactListItem } from "@/lib/contact-lists/item-view";
import { deleteContactListItem, updateContactListItem } from "@/lib/contact-lists/save-item";
import { contactListIdParams as params, updateContactListItemSchema } from "@/lib/contact-lists/schemas";

// GET /api/contact-list-items/{id} — one item of the company.
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => getContactListItem(getDb(), ctx, params.id));

// PUT /api/contact-list-items/{id} — name, number, email (a new number is checked on WhatsApp again).
export const PUT = route({ access: "admin", params, body: updateContactListItemSchema }, async ({ ctx, params, body }) =>
  updateContactListItem(getDb(), ctx, params.id, body),
);

// DELETE /api/contact-list-items/{id}.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteContactListItem(getDb(), ctx, params.id));
