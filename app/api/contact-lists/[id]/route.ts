import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getContactList } from "@/lib/contact-lists/contact-list-view";
import { deleteContactList, updateContactList } from "@/lib/contact-lists/save-contact-list";
import { contactListIdParams as params, contactListSchema } from "@/lib/contact-lists/schemas";

// GET /api/contact-lists/{id} — one list of the company with its contactsCount.
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => getContactList(getDb(), ctx, params.id));

// PUT /api/contact-lists/{id} — rename.
export const PUT = route({ access: "admin", params, body: contactListSchema }, async ({ ctx, params, body }) =>
  updateContactList(getDb(), ctx, params.id, body),
);

// DELETE /api/contact-lists/{id} — the list and its items.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteContactList(getDb(), ctx, params.id));
