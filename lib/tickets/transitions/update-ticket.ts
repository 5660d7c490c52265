import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import type { UpdateTicketInput } from "../change-schemas";
import { placeOf } from "../ticket-summary";
import type { TicketListItem } from "../ticket-view";
import { acceptStep, assignStep } from "./accept";
import { announce } from "./announce";
import { findOpenTicket, isOpenTicketClash, otherOpenTicket } from "./conflict";
import { actorOf, isAllTicketUser } from "../ticket-access";
import { canAcceptTicket, canCloseTicket, canReopenTicket, canWriteTicket, type TicketActor } from "../ticket-rules";
import { alreadyAccepted, assertAllowed, assertMayAssign, lockTicket, type LockedTicket } from "./locked-ticket";
import { companyConnection, companyIntegration, companyPrompt, companyQueue, companyUser } from "./references";
import { reopenStep, returnStep } from "./reopen";
import { resolveStep } from "./resolve";
import { StepContext } from "./say";
import { moveConnectionStep, transferStep } from "./transfer";

/**
 * PUT /api/tickets/{id}: the body mapped onto one transition (spec core §4), all in one
 * transaction with the ticket locked, its tracking and the messages it sends to the customer;
 * realtime events after the commit. Answers the ticket as it now is. What a caller may do is
 * decided here, whatever the screen offered, by the rules the screens use (ticket-rules.ts): a
 * non-admin changes only an open ticket that is theirs, accepts (or closes) a pending one of their
 * queues (any queue's with allTicket), and reopening a closed one of their queues makes it theirs.
 */
export async function updateTicket(db: Db, ctx: TenantContext, ticketId: number, input: UpdateTicketInput): Promise<TicketListItem> {
  const botFields = input.useIntegration !== undefined || input.promptId !== undefined || input.integrationId !== undefined;
  if (botFields && !isAdmin(ctx)) throw new AppError("ERR_NO_PERMISSION", 403);
  // the contact and connection the change may take a slot on (for the race's 409 body)
  const seen: { slot?: { contactId: number; whatsappId: number | null } } = {};
  const actor = actorOf(ctx, await isAllTicketUser(db, ctx));
  try {
    const changed = await db.transaction(async (tx) => {
      const t = await lockTicket(tx, ctx, ticketId, actor);
      seen.slot = { contactId: t.contactId, whatsappId: input.whatsappId ?? t.whatsappId };
      const s = new StepContext(tx, ctx.companyId);
      await change(s, ctx, actor, t, input);
      if (botFields && input.status !== "closed") await setBotFields(s, t, input);
      return { companyId: ctx.companyId, ticketId: t.id, before: placeOf(ctx.companyId, t), said: s.said, wake: [...s.wake] };
    });
    return await announce(db, changed);
  } catch (err) {
    // a concurrent ticket of the contact took the slot between the check and the write
    if (seen.slot && isOpenTicketClash(err)) {
      const other = await findOpenTicket(db, { companyId: ctx.companyId, ...seen.slot, exceptId: ticketId });
      if (other) throw otherOpenTicket(other);
    }
    throw err;
  }
}

async function change(s: StepContext, ctx: TenantContext, actor: TicketActor, t: LockedTicket, input: UpdateTicketInput): Promise<void> {
  if (input.queueId !== undefined) return transfer(s, ctx, actor, t, input, true);
  if (input.status === "open") return open(s, ctx, actor, t, input.userId);
  if (input.status === "closed") {
    assertAllowed(t.status === "closed" || canCloseTicket(actor, t));
    return resolveStep(s, t);
  }
  if (input.status === "pending" || input.userId === null) {
    assertAllowed(canWriteTicket(actor, t));
    return returnStep(s, t);
  }
  // a user alone: handed to that user in the same queue (admins, or taking it oneself)
  if (input.userId !== undefined) return transfer(s, ctx, actor, t, { ...input, queueId: t.queueId }, false);
  if (input.whatsappId) {
    assertAllowed(canWriteTicket(actor, t));
    return moveConnectionStep(s, t, await companyConnection(s.tx, s.companyId, input.whatsappId));
  }
}

/** {status:"open"}: accept a pending ticket, reopen a closed one; an open one stays (or is handed on by an admin). */
async function open(s: StepContext, ctx: TenantContext, actor: TicketActor, t: LockedTicket, userId: number | null | undefined): Promise<void> {
  const ownerId = userId ?? ctx.userId;
  assertMayAssign(ctx, t, ownerId, false);
  if (t.status === "closed") {
    // spec core §4: reopen assigns the ticket to the current user, a colleague's closed one too
    assertAllowed(canReopenTicket(actor, t));
    return reopenStep(s, t, await companyUser(s.tx, s.companyId, ownerId));
  }
  if (t.status === "pending") assertAllowed(canAcceptTicket(actor, t));
  // someone else holds it: the loser of an accept race (an admin naming a user hands it on)
  if (t.userId !== null && t.userId !== ownerId && !(isAdmin(ctx) && userId)) throw alreadyAccepted(t);
  const owner = await companyUser(s.tx, s.companyId, ownerId);
  if (t.status === "pending") return acceptStep(s, t, owner);
  return assignStep(s, t, owner);
}

async function transfer(s: StepContext, ctx: TenantContext, actor: TicketActor, t: LockedTicket, input: UpdateTicketInput, notify: boolean): Promise<void> {
  assertAllowed(canWriteTicket(actor, t));
  const userId = input.userId ?? null;
  assertMayAssign(ctx, t, userId, notify);
  const queue = input.queueId ? await companyQueue(s.tx, s.companyId, input.queueId) : null;
  const user = userId ? await companyUser(s.tx, s.companyId, userId) : null;
  const whatsappId = input.whatsappId ? await companyConnection(s.tx, s.companyId, input.whatsappId) : t.whatsappId;
  return transferStep(s, t, { queue, user, whatsappId, notify });
}

/** useIntegration, promptId, integrationId: admins only (checked above), ids of the company. */
async function setBotFields(s: StepContext, t: LockedTicket, input: UpdateTicketInput): Promise<void> {
  const set: Partial<typeof tickets.$inferInsert> = { updatedAt: s.now };
  if (input.useIntegration !== undefined) set.useIntegration = input.useIntegration;
  if (input.promptId !== undefined) set.promptId = input.promptId && (await companyPrompt(s.tx, s.companyId, input.promptId));
  if (input.integrationId !== undefined) {
    set.integrationId = input.integrationId && (await companyIntegration(s.tx, s.companyId, input.integrationId));
  }
  await s.tx.update(tickets).set(set).where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
}
