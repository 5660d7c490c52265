import { getDb } from "@/db";
import { json, route } from "@/lib/api/route";
import { createContact } from "@/lib/contacts/create-contact";
import { listContacts } from "@/lib/contacts/list-contacts";
import { contactSchema, listContactsQuery } from "@/lib/contacts/schemas";

// GET /api/contacts — `{ contacts, count, hasMore }`, 30 a page by name; searchParam, date, dateStart, dateEnd.
export const GET = route({ query: listContactsQuery }, async ({ ctx, query }) => listContacts(getDb(), ctx, query));

// POST /api/contacts — add a contact (409 ERR_DUPLICATED_CONTACT for a number the company has).
export const POST = route({ body: contactSchema }, async ({ ctx, body }) => json(await createContact(getDb(), ctx, body), 201));
