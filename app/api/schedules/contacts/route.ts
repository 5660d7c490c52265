import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { contactSearchQuery } from "@/lib/schedules/schemas";
import { searchScheduleContacts } from "@/lib/schedules/search-contacts";

// GET /api/schedules/contacts?searchParam= — `{ contacts }` for the schedule modal (from 3 characters).
export const GET = route({ query: contactSearchQuery }, async ({ ctx, query }) =>
  searchScheduleContacts(getDb(), ctx, query.searchParam),
);
