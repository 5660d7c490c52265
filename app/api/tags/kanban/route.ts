import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listKanbanTags } from "@/lib/kanban/kanban-tags";

// GET /api/tags/kanban — `{ lista }`: the company's kanban tags (the board's lanes), by name, each with
// id, name, color, kanban, userId and ticketsCount. Plan flag useKanban (lib/plans/route-gates.ts).
export const GET = route({}, async ({ ctx }) => listKanbanTags(getDb(), ctx));
