import { z } from "zod";
import { idSchema } from "@/lib/validation/ids";
import { ticketStatuses } from "@/db/schema/tickets";

const id = idSchema();

/**
 * PUT /api/tickets/{id} (spec core §7): accept = {status:"open"} on a pending ticket; return =
 * {status:"pending", userId:null}; resolve = {status:"closed"}; reopen = {status:"open"} on a
 * closed one; transfer = {queueId, userId|null, whatsappId?}. The bot fields are for admins.
 */
export const updateTicketSchema = z.object({
  status: z.enum(ticketStatuses).optional(),
  userId: id.nullable().optional(),
  queueId: id.nullable().optional(),
  // null: "no change" (the transfer modal sends it when no connection was picked)
  whatsappId: id.nullable().optional(),
  useIntegration: z.boolean().optional(),
  promptId: id.nullable().optional(),
  integrationId: id.nullable().optional(),
});
export type UpdateTicketInput = z.output<typeof updateTicketSchema>;

/** POST /api/tickets: a new open ticket of a contact (the new-ticket modal). */
export const createTicketSchema = z.object({
  contactId: id,
  queueId: id.nullable().optional(),
  whatsappId: id.nullable().optional(),
  userId: id.nullable().optional(),
  status: z.literal("open").optional(),
});
export type CreateTicketBody = z.output<typeof createTicketSchema>;
