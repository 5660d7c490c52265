import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listQuickMessageSuggestions } from "@/lib/quick-messages/list-quick-messages";

// GET /api/quick-messages/list — the "/" suggestions: the caller's own and the shared ones, active only.
// The spec sends companyId and userId: a foreign companyId answers 404 (route wrapper), userId is ignored.
export const GET = route({}, async ({ ctx }) => listQuickMessageSuggestions(getDb(), ctx));
