import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { moveToKanbanTag } from "@/lib/kanban/move-ticket";
import { ticketTagParams } from "@/lib/kanban/schemas";

// PUT /api/ticket-tags/{ticketId}/{tagId} — the ticket moves to that kanban tag's lane: its other kanban
// tags go and this one comes, in one transaction. Answers `{ ticketId, tags }`. Plan flag useKanban.
export const PUT = route({ params: ticketTagParams }, async ({ ctx, params }) => moveToKanbanTag(getDb(), ctx, params.ticketId, params.tagId));
