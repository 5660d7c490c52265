import { z } from "zod";
import { readIdList } from "@/lib/tickets/schemas";
import { idSchema } from "@/lib/validation/ids";

/** The 'Em aberto' lane (admin §2.8): open and pending tickets without any kanban tag. */
export const OPEN_LANE = "open";

/**
 * GET /api/ticket/kanban (admin §7): `queueIds` a JSON list (`[1,2]`; `[]` or absent: every ticket
 * the caller may see), `lane` "open" or a kanban tag's id (absent: every lane together, newest
 * first), `pageNumber` (40 a page).
 */
export const kanbanTicketsQuery = z.object({
  queueIds: z.preprocess(
    readIdList,
    z
      .array(idSchema())
      .max(200)
      .optional()
      .transform((ids) => (ids?.length ? [...new Set(ids)] : undefined)),
  ),
  lane: z
    .union([z.literal(""), z.literal(OPEN_LANE), idSchema()])
    .optional()
    .transform((v) => (v === "" || v === undefined ? undefined : v)),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});
export type KanbanTicketsQuery = z.infer<typeof kanbanTicketsQuery>;

/** DELETE /api/ticket-tags/{ticketId} */
export const ticketParams = z.object({ ticketId: idSchema() });
/** PUT /api/ticket-tags/{ticketId}/{tagId} */
export const ticketTagParams = z.object({ ticketId: idSchema(), tagId: idSchema() });

