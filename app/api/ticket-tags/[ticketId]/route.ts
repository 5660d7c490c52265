import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { clearKanbanTags } from "@/lib/kanban/move-ticket";
import { ticketParams } from "@/lib/kanban/schemas";

// DELETE /api/ticket-tags/{ticketId} — the ticket's kanban tags go (back to 'Em aberto'); its other
// tags stay. Answers `{ ticketId, tags }`. Plan flag useKanban.
export const DELETE = route({ params: ticketParams }, async ({ ctx, params }) => clearKanbanTags(getDb(), ctx, params.ticketId));
