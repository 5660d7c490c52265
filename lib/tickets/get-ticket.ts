import { and, eq, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { runPrepared } from "@/db/prepared-query";
import { tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { canOpenTicket } from "./ticket-access";
import { selectTicketsWithTags, toTicketListItem, type TicketListItem } from "./ticket-view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function openTicket(db: DbOrTx, ctx: TenantContext, which: SQL): Promise<TicketListItem> {
  // with its tags, one prepared statement (opening a conversation reads it: issue 19)
  const [row] = await runPrepared(selectTicketsWithTags(db).where(and(which, eq(tickets.companyId, ctx.companyId))));
  if (!row) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  if (!canOpenTicket(ctx, row)) throw new AppError("ERR_NO_PERMISSION", 403);
  return toTicketListItem(row);
}

/**
 * GET /tickets/{id}: a ticket of the caller's company with its contact, queue, connection, user and
 * tags. Another company's (or a missing) ticket is 404; a queue the user is not in is 403
 * (spec core §5: "Acesso não permitido", back to /tickets).
 */
export function getTicket(db: DbOrTx, ctx: TenantContext, ticketId: number): Promise<TicketListItem> {
  return openTicket(db, ctx, eq(tickets.id, ticketId));
}

/** GET /tickets/u/{uuid} and the conversation page: the same rules; a malformed uuid is no ticket (404). */
export async function getTicketByUuid(db: DbOrTx, ctx: TenantContext, uuid: string): Promise<TicketListItem> {
  if (!UUID.test(uuid)) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  return openTicket(db, ctx, eq(tickets.uuid, uuid.toLowerCase()));
}
