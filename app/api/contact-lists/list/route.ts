import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listAllContactLists } from "@/lib/contact-lists/list-contact-lists";

// GET /api/contact-lists/list — every list of the company: id, name (the campaign dialog's select).
export const GET = route({ access: "admin" }, async ({ ctx }) => listAllContactLists(getDb(), ctx));
