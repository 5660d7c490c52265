import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { contacts, queues, tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { pickTicketConnection } from "@/lib/contacts/pick-ticket-connection";
import { V } from "@/lib/validation/messages";
import { enqueueTicketWebhook } from "@/lib/webhooks/enqueue-webhook";
import type { CreateTicketBody } from "./change-schemas";
import { canOpenTicket } from "./ticket-access";
import { placeOf } from "./ticket-summary";
import { selectTickets, toTicketListItem, withTags, type TicketListItem } from "./ticket-view";
import { openCycle } from "./tracking";
import { acceptStep, assignStep } from "./transitions/accept";
import { announce, type Changed } from "./transitions/announce";
import { otherOpenTicket } from "./transitions/conflict";
import { companyUser, type UserRef } from "./transitions/references";
import { StepContext } from "./transitions/say";

export type CreateTicketInput = { contactId: number; queueId: number | null; whatsappId?: number | null; userId?: number | null };
export type Created = { ticket: TicketListItem; created: boolean };

/** POST /api/tickets: the new-ticket modal's rules (spec core §5: a queue unless admin). */
export async function createTicketFromRequest(db: Db, ctx: TenantContext, body: CreateTicketBody): Promise<Created> {
  if (!body.queueId && !isAdmin(ctx)) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "queueId", message: V.required }] });
  return createTicket(db, ctx, { contactId: body.contactId, queueId: body.queueId ?? null, whatsappId: body.whatsappId, userId: body.userId });
}

/**
 * A ticket an agent starts with a contact (POST /api/tickets, the contacts page's "start"):
 * the contact's ticket on the connection when it is the owner's already (answered again) or an
 * unassigned one the caller may open (accepted for the owner), else a new OPEN ticket owned by the
 * caller (or, for admins, by `userId`), its first tracking cycle taken at once. Another user's
 * ticket answers 409 ERR_OTHER_OPEN_TICKET naming that user and queue (spec core §8). Race-safe
 * on tickets_contact_whatsapp_open_idx: a lost insert looks again.
 */
export async function createTicket(db: Db, ctx: TenantContext, input: CreateTicketInput): Promise<Created> {
  const [contact] = await db
    .select({ id: contacts.id, isGroup: contacts.isGroup })
    .from(contacts)
    .where(and(eq(contacts.id, input.contactId), eq(contacts.companyId, ctx.companyId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  const whatsappId = await pickTicketConnection(db, ctx, input.whatsappId);
  const queueId = await checkQueue(db, ctx, input.queueId);
  const owner = await ownerOf(db, ctx, input.userId);
  const target = { contactId: contact.id, isGroup: contact.isGroup, whatsappId, queueId, owner };
  for (let tries = 0; tries < 3; tries++) {
    const done = await db.transaction((tx) => attempt(tx, ctx, target));
    if (!done) continue;
    if (done.changed) return { ticket: await announce(db, done.changed), created: done.created };
    const [row] = await selectTickets(db).where(and(eq(tickets.id, done.ticketId), eq(tickets.companyId, ctx.companyId)));
    const [ticket] = await withTags(db, ctx.companyId, [toTicketListItem(row)]);
    return { ticket, created: false };
  }
  throw new AppError("ERR_CREATING_TICKET", 409);
}

type Target = { contactId: number; isGroup: boolean; whatsappId: number; queueId: number | null; owner: UserRef };
type Attempt = { ticketId: number; created: boolean; changed: Changed | null } | null;

async function attempt(tx: Tx, ctx: TenantContext, t: Target): Promise<Attempt> {
  const s = new StepContext(tx, ctx.companyId);
  const slot = and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, t.contactId), eq(tickets.whatsappId, t.whatsappId), ne(tickets.status, "closed"));
  // lock, then read with the joins (a locking read that waited would keep the old joined user)
  const [locked] = await tx.select({ id: tickets.id }).from(tickets).where(slot).for("no key update");
  const [row] = locked ? await selectTickets(tx).where(eq(tickets.id, locked.id)) : [];
  if (row) {
    const existing = toTicketListItem(row);
    if (existing.userId === t.owner.id) return { ticketId: existing.id, created: false, changed: null };
    if (existing.userId !== null || !canOpenTicket(ctx, existing)) throw otherOpenTicket(existing);
    // waiting and nobody's: the owner takes it (spec core §4 Accept)
    await (existing.status === "pending" ? acceptStep(s, existing, t.owner) : assignStep(s, existing, t.owner));
    const changed = { companyId: ctx.companyId, ticketId: existing.id, before: placeOf(ctx.companyId, existing), said: s.said, wake: [...s.wake] };
    return { ticketId: existing.id, created: false, changed };
  }
  const [inserted] = await tx
    .insert(tickets)
    .values({ companyId: ctx.companyId, contactId: t.contactId, whatsappId: t.whatsappId, queueId: t.queueId, userId: t.owner.id, status: "open", isGroup: t.isGroup })
    .onConflictDoNothing({ target: [tickets.contactId, tickets.whatsappId], where: sql`${tickets.status} <> 'closed'` })
    .returning({ id: tickets.id });
  if (!inserted) return null;
  const now = s.now;
  await openCycle(tx, { companyId: ctx.companyId, ticketId: inserted.id, whatsappId: t.whatsappId, queueId: t.queueId, userId: t.owner.id, queuedAt: now, startedAt: now });
  await enqueueTicketWebhook(tx, "ticket.created", { companyId: ctx.companyId, whatsappId: t.whatsappId, ticketId: inserted.id });
  return { ticketId: inserted.id, created: true, changed: { companyId: ctx.companyId, ticketId: inserted.id, before: null, said: [], wake: [] } };
}

// the queue asked for, of the company; non-admins only into their own queues
async function checkQueue(db: Db, ctx: TenantContext, requested: number | null): Promise<number | null> {
  if (!requested) return null;
  const [q] = await db.select({ id: queues.id }).from(queues).where(and(eq(queues.id, requested), eq(queues.companyId, ctx.companyId)));
  if (!q) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
  if (!isAdmin(ctx) && !ctx.queueIds.includes(q.id)) throw new AppError("ERR_NO_PERMISSION", 403);
  return q.id;
}

// spec core §6: only admins open a ticket in someone else's name
async function ownerOf(db: Db, ctx: TenantContext, userId: number | null | undefined): Promise<UserRef> {
  if (userId && userId !== ctx.userId && !isAdmin(ctx)) throw new AppError("ERR_NO_PERMISSION", 403);
  return companyUser(db, ctx.companyId, userId || ctx.userId);
}
