import type { Db } from "@/db";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { createTicket, type Created } from "@/lib/tickets/create-ticket";
import type { StartTicketInput } from "./schemas";

/**
 * POST /contacts/{id}/ticket, the contacts page's "start a ticket": the same service as POST
 * /api/tickets (lib/tickets/create-ticket.ts). The page picks no queue, so an agent's ticket goes
 * to their first queue (spec core §2: only admins may leave the queue out).
 */
export async function startContactTicket(db: Db, ctx: TenantContext, contactId: number, input: StartTicketInput = {}): Promise<Created> {
  const queueId = input.queueId ?? (isAdmin(ctx) ? null : (ctx.queueIds[0] ?? null));
  return createTicket(db, ctx, { contactId, queueId, whatsappId: input.whatsappId });
}
