import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import type { TicketPlace } from "@/lib/realtime/ticket-events";
import { canAcceptTicket, canOpenTicket, type TicketActor } from "../ticket-rules";
import { placeOf } from "../ticket-summary";
import { selectTickets, toTicketListItem, type TicketListItem } from "../ticket-view";

/** A ticket read for a change, its row locked until the transaction ends. */
export type LockedTicket = TicketListItem;

/**
 * The ticket, locked (FOR NO KEY UPDATE: messages may still reference it meanwhile) so every
 * check below holds until the commit: two agents accepting at once are served one after the
 * other, and the second sees the first's owner. Another company's or a missing ticket is 404;
 * one the caller may neither open nor accept (another queue's) is 403.
 */
export async function lockTicket(tx: Tx, ctx: TenantContext, ticketId: number, actor: TicketActor): Promise<LockedTicket> {
  const where = and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId));
  // lock first, then read: a locking read that waited re-checks the ticket row alone, and the
  // joined user would still be the one before the wait (the winner's name missing from the 409)
  const [locked] = await tx.select({ id: tickets.id }).from(tickets).where(where).for("no key update");
  if (!locked) throw new AppError("ERR_NO_TICKET_FOUND", 404);
  const [row] = await selectTickets(tx).where(where);
  const t = toTicketListItem(row);
  if (!canOpenTicket(actor, t) && !canAcceptTicket(actor, t)) throw new AppError("ERR_NO_PERMISSION", 403);
  return t;
}

/** 403 unless the rule (lib/tickets/ticket-rules.ts) allows it. */
export function assertAllowed(allowed: boolean): void {
  if (!allowed) throw new AppError("ERR_NO_PERMISSION", 403);
}

/** Only admins hand a ticket to someone else, except its owner transferring it (queueId given). */
export function assertMayAssign(ctx: TenantContext, t: LockedTicket, userId: number | null, transfer: boolean): void {
  if (userId === null || userId === ctx.userId || isAdmin(ctx)) return;
  if (transfer && t.userId === ctx.userId) return;
  throw new AppError("ERR_NO_PERMISSION", 403);
}

export const placeOfTicket = (companyId: number, t: LockedTicket): TicketPlace => placeOf(companyId, t);

/** 409 for the loser of an accept race: who holds the ticket now. */
export function alreadyAccepted(t: Pick<LockedTicket, "userId" | "user">): AppError {
  return new AppError("ERR_TICKET_ALREADY_ACCEPTED", 409, { ticket: { userId: t.userId, user: t.user && { name: t.user.name } } });
}
