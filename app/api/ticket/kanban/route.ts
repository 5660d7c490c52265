import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { listKanbanTickets } from "@/lib/kanban/list-kanban-tickets";
import { kanbanTicketsQuery } from "@/lib/kanban/schemas";

// GET /api/ticket/kanban?queueIds=[1,2]&lane=open|{tagId}&pageNumber=1 — `{ tickets, count, hasMore }`,
// 40 a page: the open and pending tickets of the caller's board, of one lane ('Em aberto' or a
// kanban tag's) or, without lane, all of them. Plan flag useKanban.
export const GET = route({ query: kanbanTicketsQuery }, async ({ ctx, query }) => listKanbanTickets(getDb(), ctx, query));
