import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { contacts, queues, tickets, whatsappQueues, whatsapps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { enqueueTicketWebhook } from "@/lib/webhooks/enqueue-webhook";

type Target = { companyId: number; contactId: number; userId: number | null };

/**
 * The ticket a scheduled message goes out on: the contact's non-closed ticket on the connection
 * it last used (else the one it came through, else the company's default), or a new one there.
 * Runs in the sending transaction; the ticket stays locked until it commits, so a concurrent
 * "close" cannot slip between this and the outbox write.
 */
export async function ticketForSchedule(tx: Tx, target: Target): Promise<{ ticketId: number; whatsappId: number }> {
  const contact = await findContact(tx, target);
  const whatsappId = await pickConnection(tx, target.companyId, contact);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [open] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(
          eq(tickets.companyId, target.companyId),
          eq(tickets.contactId, contact.id),
          eq(tickets.whatsappId, whatsappId),
          ne(tickets.status, "closed"),
        ),
      )
      .for("no key update");
    if (open) return { ticketId: open.id, whatsappId };
    // as the agent starts a conversation (POST /tickets, status open): assigned to the author;
    // with no author left (user deleted) it waits in pending for whoever picks it up; in the queue
    // a user would expect (expectedQueue)
    const queueId = await expectedQueue(tx, target.companyId, contact.id, whatsappId);
    const [created] = await tx
      .insert(tickets)
      .values({
        companyId: target.companyId,
        contactId: contact.id,
        whatsappId,
        status: target.userId ? "open" : "pending",
        userId: target.userId,
        queueId,
        isGroup: contact.isGroup,
      })
      // tickets_contact_whatsapp_open_idx: a message that opened a ticket meanwhile wins, and the
      // next pass (a new statement, so a new snapshot) finds that ticket
      .onConflictDoNothing({ target: [tickets.contactId, tickets.whatsappId], where: sql`${tickets.status} <> 'closed'` })
      .returning({ id: tickets.id });
    if (created) {
      await enqueueTicketWebhook(tx, "ticket.created", { companyId: target.companyId, whatsappId, ticketId: created.id });
      return { ticketId: created.id, whatsappId };
    }
  }
  throw new AppError("ERR_CREATING_TICKET", 500);
}

async function findContact(tx: Tx, target: Target) {
  const [contact] = await tx
    .select({ id: contacts.id, isGroup: contacts.isGroup, whatsappId: contacts.whatsappId })
    .from(contacts)
    .where(and(eq(contacts.id, target.contactId), eq(contacts.companyId, target.companyId)));
  if (!contact) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
  return contact;
}

async function pickConnection(tx: Tx, companyId: number, contact: { id: number; whatsappId: number | null }): Promise<number> {
  const [lastUsed] = await tx
    .select({ id: whatsapps.id })
    .from(tickets)
    .innerJoin(whatsapps, and(eq(whatsapps.id, tickets.whatsappId), eq(whatsapps.companyId, companyId)))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contact.id), isNotNull(tickets.whatsappId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  if (lastUsed) return lastUsed.id;
  if (contact.whatsappId) {
    const [origin] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, contact.whatsappId), eq(whatsapps.companyId, companyId)));
    if (origin) return origin.id;
  }
  const [fallback] = await tx
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)))
    .orderBy(whatsapps.id)
    .limit(1);
  // spec error catalogue: "No default WhatsApp found; check the connections page"
  if (!fallback) throw new AppError("ERR_NO_DEF_WAPP_FOUND", 409);
  return fallback.id;
}

/**
 * The queue a new ticket of a scheduled message goes in: the queue of the contact's latest ticket
 * that had one (the team that talked to them), else the connection's only queue, else none.
 */
async function expectedQueue(tx: Tx, companyId: number, contactId: number, whatsappId: number): Promise<number | null> {
  const [last] = await tx
    .select({ queueId: tickets.queueId })
    .from(tickets)
    .innerJoin(queues, and(eq(queues.id, tickets.queueId), eq(queues.companyId, companyId)))
    .where(and(eq(tickets.companyId, companyId), eq(tickets.contactId, contactId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  if (last) return last.queueId;
  const own = await tx
    .select({ queueId: whatsappQueues.queueId })
    .from(whatsappQueues)
    .where(and(eq(whatsappQueues.companyId, companyId), eq(whatsappQueues.whatsappId, whatsappId)))
    .limit(2);
  return own.length === 1 ? own[0].queueId : null;
}
