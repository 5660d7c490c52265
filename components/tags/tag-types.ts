/** A row of the tags page (GET /api/tags). */
export type TagRow = { id: number; name: string; color: string; kanban: number; userId: number | null; ticketsCount: number };

/** `tag` events on the company channel. */
export type TagEvent = { action: "create" | "update"; tag: TagRow } | { action: "delete"; tagId: number };
