import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { syncTagsSchema } from "@/lib/tags/schemas";
import { syncTicketTags } from "@/lib/tags/sync-ticket-tags";

// POST /api/tags/sync — `{ ticketId, tags: [{ id }] }` replaces the ticket's tags; answers `{ ticketId, tags }`.
export const POST = route({ body: syncTagsSchema }, async ({ ctx, body }) => syncTicketTags(getDb(), ctx, body));
