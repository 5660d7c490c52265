import { and, eq, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { contacts, queues, tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import type { TicketPlace } from "@/lib/realtime/ticket-events";
import { canOpenTicket } from "@/lib/tickets/ticket-access";
import { placeOf, ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { selectTickets, toTicketListItem, type TicketListItem } from "@/lib/tickets/ticket-view";
import { pickTicketConnection } from "./pick-ticket-connection";
import type { StartTicketInput } from "./schemas";

type Started = { ticket: TicketListItem; created: boolean };
type Attempt = { ticketId: number; created: boolean; before: TicketPlace | null } | null;

/**
 * POST /contacts/{id}/ticket, the contacts page's "start a ticket": the contact's ticket on the
 * connection (the caller's own, or an unassigned pending one the caller may open, which the
 * caller then accepts), else a new OPEN ticket owned by the caller. Another user's ticket answers
 * 409 ERR_OTHER_OPEN_TICKET naming that user and queue (spec core §8). Race-safe on
 * tickets_contact_whatsapp_open_idx: a lost insert or accept looks again.
 */
export async function startContactTicket(db: Db, ctx: TenantContext, contactId: number, input: StartTicketInput = {}): Promise<Started> {
  const [contact] = await db
    .select({ id: contacts.id, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, ctx.companyId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const whatsappId = await pickTicketConnection(db, ctx, input.whatsappId);
  const queueId = await pickQueue(db, ctx, input.queueId);
  for (let tries = 0; tries < 3; tries++) {
    const done = await attempt(db, ctx, { contactId, isGroup: contact.isGroup, whatsappId, queueId });
    if (!done) continue;
    const [row] = await selectTickets(db).where(and(eq(tickets.id, done.ticketId), eq(tickets.companyId, ctx.companyId)));
    const ticket = toTicketListItem(row);
    if (done.created || done.before) await publish(...ticketSummaryEvents(ctx.companyId, toTicketSummary(ticket), done.before));
    return { ticket, created: done.created };
  }
  throw new AppError("ERR_CREATING_TICKET", 409);
}

type Target = { contactId: number; isGroup: boolean; whatsappId: number; queueId: number | null };

async function attempt(db: Db, ctx: TenantContext, t: Target): Promise<Attempt> {
  const [existing] = await selectTickets(db).where(
    and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, t.contactId), eq(tickets.whatsappId, t.whatsappId), ne(tickets.status, "closed")),
  );
  if (existing) {
    if (existing.userId === ctx.userId) return { ticketId: existing.id, created: false, before: null };
    const item = toTicketListItem(existing);
    if (existing.userId !== null || !canOpenTicket(ctx, existing)) throw otherOpenTicket(item);
    // pending and unassigned: the caller accepts it (spec core §4 Accept: pending to open, owner)
    const [taken] = await db
      .update(tickets)
      .set({ status: "open", userId: ctx.userId, updatedAt: new Date() })
      .where(and(eq(tickets.id, existing.id), eq(tickets.companyId, ctx.companyId), isNull(tickets.userId), ne(tickets.status, "closed")))
      .returning({ id: tickets.id });
    return taken ? { ticketId: taken.id, created: false, before: placeOf(ctx.companyId, item) } : null;
  }
  const [inserted] = await db
    .insert(tickets)
    .values({ companyId: ctx.companyId, contactId: t.contactId, whatsappId: t.whatsappId, queueId: t.queueId, userId: ctx.userId, status: "open", isGroup: t.isGroup })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.whatsappId], where: sql`${tickets.status} <> 'closed'` })
    .returning({ id: tickets.id });
  return inserted ? { ticketId: inserted.id, created: true, before: null } : null;
}

function otherOpenTicket(t: TicketListItem) {
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, {
    ticket: { id: t.id, uuid: t.uuid, userId: t.userId, user: t.user && { name: t.user.name }, queue: t.queue && { name: t.queue.name } },
  });
}

// spec core §2 New ticket: only admins may leave the queue out; others use one of their queues
async function pickQueue(db: Db, ctx: TenantContext, requested?: number | null): Promise<number | null> {
  if (!requested) return isAdmin(ctx) ? null : (ctx.queueIds[0] ?? null);
  const [q] = await db.select({ id: queues.id }).from(queues).where(and(eq(queues.id, requested), eq(queues.companyId, ctx.companyId)));
  if (!q) throw new AppError("ERR_NOT_FOUND", 404);
  if (!isAdmin(ctx) && !ctx.queueIds.includes(q.id)) throw new AppError("ERR_NO_PERMISSION", 403);
  return q.id;
}
