import type { KanbanTicket } from "@/lib/kanban/kanban-ticket";

/** A card as the browser holds it (the API answers dates as ISO text). */
export type Card = Omit<KanbanTicket, "updatedAt"> & { updatedAt: string };

/** A lane: "open" ('Em aberto') or a kanban tag's id. */
export type LaneKey = "open" | number;

/** A lane header (GET /api/tags/kanban `lista` items). */
export type LaneTag = { id: number; name: string; color: string; kanban: number; userId: number | null; ticketsCount?: number };

export type LaneState = { items: Card[]; count: number; hasMore: boolean; page: number };

/** Every lane's cards, by lane key ("open" or the tag id as text). */
export type BoardState = Record<string, LaneState>;

/** A page of GET /api/ticket/kanban. */
export type LanePage = { tickets: Card[]; count: number; hasMore: boolean };

/** The viewer as the board's rules need them. */
export type BoardViewer = { id: number; isAdmin: boolean; allTicket: boolean; queueIds: number[] };

/** What a `ticket` update event says (the summary; tags when the change was to them). */
export type CardPatch = Pick<Card, "id" | "status" | "queueId" | "userId"> & Partial<Omit<Card, "updatedAt">> & { updatedAt?: string | Date };

export const laneId = (k: LaneKey) => String(k);
