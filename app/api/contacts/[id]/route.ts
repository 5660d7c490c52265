import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deleteContact } from "@/lib/contacts/delete-contact";
import { getContact } from "@/lib/contacts/get-contact";
import { contactIdParams, updateContactSchema } from "@/lib/contacts/schemas";
import { updateContact } from "@/lib/contacts/update-contact";

// GET /api/contacts/{id} — one contact of the caller's company with its extra info.
export const GET = route({ params: contactIdParams }, async ({ ctx, params }) => getContact(getDb(), ctx, params.id));

// PUT /api/contacts/{id} — edit name, number, email and the extra info rows.
export const PUT = route({ params: contactIdParams, body: updateContactSchema }, async ({ ctx, params, body }) =>
  updateContact(getDb(), ctx, params.id, body),
);

// DELETE /api/contacts/{id} — admins only (contacts-page:deleteContact).
export const DELETE = route({ access: "admin", params: contactIdParams }, async ({ ctx, params }) => {
  await deleteContact(getDb(), ctx, params.id);
  return { ok: true };
});
