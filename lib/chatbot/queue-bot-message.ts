import { and, eq, isNotNull, ne } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { messages, tickets } from "@/db/schema";
import { generateWid } from "@/lib/messages/generate-wid";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import type { TicketStatus } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { wakeWorker } from "./wake-worker";

export type BotMessageInput = { companyId: number; ticketId: number; body: string; now?: Date };

type TicketRef = { id: number; companyId: number; whatsappId: number };

/**
 * Writes one bot message as an outbox row inside the caller's transaction: fromMe, no user,
 * sendStatus pending, a WhatsApp-like wid. The worker owning the connection sends it as it sends
 * an agent's; call `wakeWorker` after the commit. The ticket's lastMessage is left alone: the lists
 * keep showing what the customer last said, and bot chatter does not reorder them.
 */
export async function insertBotMessage(tx: Tx, ticket: TicketRef, body: string): Promise<MessageView> {
  const [row] = await tx
    .insert(messages)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      wid: generateWid(),
      body,
      fromMe: true,
      read: true,
      sendStatus: "pending",
      ack: 0,
    })
    .returning({ id: messages.id, wid: messages.wid, createdAt: messages.createdAt });
  return botMessageView(ticket.id, row.id, row.wid, body, row.createdAt);
}

/** A bot's outbox row as the conversation shows it. */
export function botMessageView(ticketId: number, id: number, wid: string, body: string, createdAt: Date | string): MessageView {
  return {
    id,
    wid,
    ticketId,
    body,
    fromMe: true,
    read: true,
    mediaType: null,
    mediaUrl: null,
    ack: 0,
    isDeleted: false,
    isEdited: false,
    createdAt,
    sendStatus: "pending",
    sendError: null,
    quotedMsg: null,
    contact: null,
  };
}

/**
 * A message from the bot (chatbot replies, an integration's answer, the inactivity notice) on a
 * ticket that is not closed and still has its connection: written to the outbox, then published.
 * Answers null, writing nothing, when the ticket is closed, gone or has no connection, or the body
 * is blank. Marks the ticket's lastBotMessageAt (`now`).
 */
export async function queueBotMessage(db: Db, input: BotMessageInput): Promise<MessageView | null> {
  const body = input.body.trim();
  if (!body) return null;
  const done = await db.transaction(async (tx) => {
    const [ticket] = await tx
      .update(tickets)
      .set({ lastBotMessageAt: input.now ?? new Date() })
      .where(
        and(eq(tickets.id, input.ticketId), eq(tickets.companyId, input.companyId), ne(tickets.status, "closed"), isNotNull(tickets.whatsappId)),
      )
      .returning({ id: tickets.id, whatsappId: tickets.whatsappId, queueId: tickets.queueId, status: tickets.status });
    if (!ticket || ticket.whatsappId === null) return null;
    const view = await insertBotMessage(tx, { id: ticket.id, companyId: input.companyId, whatsappId: ticket.whatsappId }, body);
    return {
      view,
      whatsappId: ticket.whatsappId,
      place: { id: ticket.id, companyId: input.companyId, queueId: ticket.queueId, status: ticket.status as TicketStatus },
    };
  });
  if (!done) return null;
  await wakeWorker(db, [done.whatsappId]);
  await publish(messageCreatedEvent(done.place, done.view, false));
  return done.view;
}

// the wake after the commit (shared by the bot runner, ratings, transitions)
export { wakeWorker };
