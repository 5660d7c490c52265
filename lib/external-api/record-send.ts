import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import { generateWid } from "@/lib/messages/generate-wid";
import { rowMediaType, type OutboundMedia } from "@/lib/messages/media-type";
import { lastMessageText } from "@/lib/messages/message-text";
import { outboundRows } from "@/lib/messages/outbound-rows";
import { selectMessages, toMessageView } from "@/lib/messages/select-messages";
import { CLOSED_TICKET } from "@/lib/tickets/closed-ticket";
import { toTicketSummary, type TicketSummary } from "@/lib/tickets/ticket-summary";
import { enqueueTicketWebhook } from "@/lib/webhooks/enqueue-webhook";

type Target = { companyId: number; whatsappId: number; number: string };

/**
 * Records an external send in one transaction: the contact (found or created), the ticket (the
 * contact's open or pending one on this connection, its status unchanged; else a new ticket closed
 * at once, so the history is there when the customer answers), and the outbox row(s) with fixed
 * wids, which the connection's worker sends (NOTIFY outbox on commit, or its polling).
 */
export async function recordSend(tx: Tx, t: Target, body: string, medias: OutboundMedia[]) {
  const rows = outboundRows(body, medias);
  const last = rows[rows.length - 1];
  const lastMessage = lastMessageText(last.body, last.media ? rowMediaType(last.media.type) : null, last.media?.filename);
  const contact = await upsertContact(tx, t);
  // locked so a concurrent close cannot slip between this read and the messages' insert
  const [open] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.companyId, t.companyId), eq(tickets.contactId, contact.id), eq(tickets.whatsappId, t.whatsappId), ne(tickets.status, "closed")))
    .for("no key update");
  const ticketCols = {
    id: tickets.id,
    uuid: tickets.uuid,
    status: tickets.status,
    queueId: tickets.queueId,
    userId: tickets.userId,
    unreadMessages: tickets.unreadMessages,
    lastMessage: tickets.lastMessage,
    updatedAt: tickets.updatedAt,
    isGroup: tickets.isGroup,
    whatsappId: tickets.whatsappId,
  };
  const [ticket] = open
    ? await tx.update(tickets).set({ lastMessage, updatedAt: new Date() }).where(eq(tickets.id, open.id)).returning(ticketCols)
    : await tx
        .insert(tickets)
        .values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, ...CLOSED_TICKET, lastMessage })
        .returning(ticketCols);
  if (!open) {
    // the external system's webhook hears of the ticket made and closed for this send, as of any other
    const ref = { companyId: t.companyId, whatsappId: t.whatsappId, ticketId: ticket.id };
    await enqueueTicketWebhook(tx, "ticket.created", ref);
    await enqueueTicketWebhook(tx, "ticket.closed", ref);
  }
  const inserted = await tx
    .insert(messages)
    .values(
      rows.map((r) => ({
        companyId: t.companyId,
        ticketId: ticket.id,
        whatsappId: t.whatsappId,
        wid: generateWid(),
        body: r.body,
        fromMe: true,
        read: true,
        mediaType: r.media ? rowMediaType(r.media.type) : null,
        mediaUrl: r.media?.path ?? null,
        dataJson: r.media ? { media: { mimetype: r.media.mimetype, filename: r.media.filename } } : null,
        sendStatus: "pending",
        ack: 0,
        // the send pacer holds it when the number has not written in 24 h (a real number)
        senderKind: "api" as const,
      })),
    )
    .returning({ id: messages.id });
  await tx.execute(sql`select pg_notify('outbox', ${String(t.whatsappId)})`);
  const ids = inserted.map((r) => r.id).sort((a, b) => a - b);
  const views = (await selectMessages(tx).where(and(inArray(messages.id, ids), eq(messages.companyId, t.companyId))))
    .map(toMessageView)
    .sort((a, b) => a.id - b.id);
  const summary: TicketSummary = toTicketSummary({ ...ticket, status: ticket.status as TicketSummary["status"], contact });
  return { ticketId: ticket.id, messageIds: ids, views, summary };
}

// one contact per number and company (contacts_company_number_unique): a racing creator merges in
async function upsertContact(tx: Tx, t: Target) {
  const [c] = await tx
    .insert(contacts)
    .values({ companyId: t.companyId, name: t.number, number: t.number, whatsappId: t.whatsappId })
    .onConflictDoUpdate({ target: [contacts.companyId, contacts.number], set: { number: sql`excluded.number` } })
    .returning({ id: contacts.id, name: contacts.name, number: contacts.number, profilePicUrl: contacts.profilePicUrl });
  return { ...c, profilePicUrl: c.profilePicUrl ?? "" };
}
