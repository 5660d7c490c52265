import { z } from "zod";
import { pageQuery } from "@/lib/api/paging";
import { ticketStatuses } from "@/db/schema/tickets";

export const ticketIdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

// GET /api/tickets (issue 4 subset; the tickets issue adds tags, users, dates, queueIds, unread)
export const listTicketsQuery = pageQuery.extend({
  status: z
    .union([z.literal(""), z.enum(ticketStatuses)])
    .optional()
    .transform((v) => v || undefined),
  showAll: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => v === "true"),
});
export type ListTicketsQuery = z.infer<typeof listTicketsQuery>;
