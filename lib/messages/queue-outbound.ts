import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx, Tx } from "@/db";
import { messages, tickets, type MessageSenderKind } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { getTicket } from "@/lib/tickets/get-ticket";
import { assertMayWrite } from "@/lib/tickets/ticket-access";
import { placeOf, ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { generateWid } from "./generate-wid";
import { rowMediaType, type OutboundMedia } from "./media-type";
import { lastMessageText } from "./message-text";
import { messageCreatedEvent, type MessageView } from "./message-view";
import { outboundRows } from "./outbound-rows";
import { selectMessages, toMessageView } from "./select-messages";

/** `senderKind`: who wrote it when not an agent by hand (a schedule: the send pacer may hold it) */
export type QueueOutboundInput = { body: string; medias?: OutboundMedia[]; quotedMsgId?: number | null; senderKind?: MessageSenderKind };

/**
 * An agent's message: written as outbox row(s) (fromMe, sendStatus pending, a generated wid) and
 * answered at once; the worker owning the connection sends them (woken by NOTIFY outbox, or by
 * its polling). Several files give one row each, the text as the first captionable file's caption.
 */
export async function queueOutbound(db: Db, ctx: TenantContext, ticketId: number, input: QueueOutboundInput): Promise<MessageView[]> {
  const written = await db.transaction(async (tx) => {
    const ticket = await sendableTicket(tx, ctx, ticketId);
    const quotedId = input.quotedMsgId ? await quotedMessageId(tx, ctx.companyId, ticket.contactId, input.quotedMsgId) : null;
    const rows = outboundRows(input.body, input.medias ?? []);
    const last = rows[rows.length - 1];
    const lastMessage = lastMessageText(last.body, last.media ? rowMediaType(last.media.type) : null, last.media?.filename);
    const values = rows.map((r, i) => ({
      body: r.body,
      mediaType: r.media ? rowMediaType(r.media.type) : null,
      mediaUrl: r.media?.path ?? null,
      dataJson: r.media ? { media: { mimetype: r.media.mimetype, filename: r.media.filename } } : null,
      quotedMsgId: i === 0 ? quotedId : null,
      senderKind: input.senderKind ?? null,
    }));
    return writeOutbox(tx, ctx, ticket, values, lastMessage);
  });
  return publishOutbox(ctx, written);
}

/** What an outbox row carries of its own; the rest is the ticket's, or an unsent row's. */
export type OutboxValues = Pick<typeof messages.$inferInsert, "body" | "mediaType" | "mediaUrl" | "dataJson" | "quotedMsgId" | "senderKind">;
type Written = { views: MessageView[]; summary: ReturnType<typeof toTicketSummary> };

/**
 * Outbox rows on a ticket sendableTicket() returned, in its transaction: fromMe, pending, a new
 * wid each; the ticket's preview becomes `lastMessage`. The worker is told on commit.
 */
export async function writeOutbox(tx: Tx, ctx: TenantContext, ticket: SendableTicket, rows: OutboxValues[], lastMessage: string): Promise<Written> {
  const inserted = await tx
    .insert(messages)
    .values(
      rows.map((r) => ({
        ...r,
        companyId: ctx.companyId,
        ticketId: ticket.id,
        whatsappId: ticket.whatsappId,
        wid: generateWid(),
        fromMe: true,
        read: true,
        sendStatus: "pending",
        ack: 0,
      })),
    )
    .returning({ id: messages.id });
  // the guards close the gap between the checks above and this write: still not closed, and
  // for a non-admin still their open ticket
  const stillMine = isAdmin(ctx) ? undefined : and(eq(tickets.status, "open"), eq(tickets.userId, ctx.userId));
  const [t] = await tx
    .update(tickets)
    .set({ lastMessage, updatedAt: new Date() })
    .where(and(eq(tickets.id, ticket.id), eq(tickets.companyId, ctx.companyId), ne(tickets.status, "closed"), stillMine))
    .returning({ updatedAt: tickets.updatedAt, lastMessage: tickets.lastMessage });
  if (!t) {
    // changed meanwhile: the check again names why (closed: 409; taken by someone else: 403)
    await sendableTicket(tx, ctx, ticket.id);
    throw new AppError("ERR_TICKET_CLOSED", 409);
  }
  // delivered to the worker's LISTEN when this transaction commits
  await tx.execute(sql`select pg_notify('outbox', ${String(ticket.whatsappId)})`);
  const ids = inserted.map((r) => r.id);
  const views = (await selectMessages(tx).where(and(inArray(messages.id, ids), eq(messages.companyId, ctx.companyId))))
    .map(toMessageView)
    .sort((a, b) => a.id - b.id);
  return { views, summary: toTicketSummary({ ...ticket, ...t }) };
}

/** After commit: the ticket's list summary and each new message, on their channels. */
export async function publishOutbox(ctx: TenantContext, { views, summary }: Written): Promise<MessageView[]> {
  const place = placeOf(ctx.companyId, summary);
  await publish(...ticketSummaryEvents(ctx.companyId, summary), ...views.map((v) => messageCreatedEvent(place, v, false)));
  return views;
}

export type SendableTicket = Awaited<ReturnType<typeof sendableTicket>>;

/**
 * The ticket an agent may send on: visible to them, not closed, one they may write in (a
 * non-admin's own open ticket: lib/tickets/ticket-rules.ts), with a connection.
 */
export async function sendableTicket(db: DbOrTx, ctx: TenantContext, ticketId: number) {
  const ticket = await getTicket(db, ctx, ticketId);
  if (ticket.status === "closed") throw new AppError("ERR_TICKET_CLOSED", 409);
  assertMayWrite(ctx, ticket);
  if (ticket.whatsappId === null) throw new AppError("ERR_TICKET_NO_WHATSAPP", 409);
  return { ...ticket, whatsappId: ticket.whatsappId };
}

// spec: a reply may quote any message of the same contact's conversations on this company
async function quotedMessageId(tx: Tx, companyId: number, contactId: number, id: number): Promise<number> {
  const [row] = await tx
    .select({ id: messages.id })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .where(and(eq(messages.id, id), eq(messages.companyId, companyId), eq(tickets.contactId, contactId)));
  if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
  return row.id;
}
