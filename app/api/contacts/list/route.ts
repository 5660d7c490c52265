import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listContactOptions } from "@/lib/contacts/list-contact-options";
import { contactOptionsQuery } from "@/lib/contacts/schemas";

// GET /api/contacts/list — id, name and number of the company's contacts (at most 500), for selects.
export const GET = route({ query: contactOptionsQuery }, async ({ ctx, query }) => listContactOptions(getDb(), ctx, query.searchParam));
