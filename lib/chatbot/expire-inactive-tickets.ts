import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets } from "@/db/schema";
import { lastMessageText } from "@/lib/messages/message-text";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import type { TicketStatus } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { CLOSED_TICKET } from "@/lib/tickets/closed-ticket";
import { finishCycles } from "@/lib/tickets/tracking";
import { enqueueTicketWebhook } from "@/lib/webhooks/enqueue-webhook";
import { insertBotMessage, wakeWorker } from "./queue-bot-message";
import { movedTicketEvents } from "./ticket-events";
import type { TimedRuleResult } from "./transfer-due-tickets";

/**
 * A connection that is not CONNECTED may be holding the customer's answer (WhatsApp keeps what
 * arrives while no socket is up, and delivers it on reconnect): its tickets are not expired, nor in
 * the first minutes after it connects, while the held messages arrive. Closing then would greet the
 * customer as new right after.
 */
export const RECONNECT_GRACE_S = 120;

type Due = { id: number; companyId: number; whatsappId: number; status: TicketStatus; queueId: number | null; message: string };

/**
 * The open tickets (not groups) of connections with an expiry whose last visible message is ours
 * (an agent's or the bot's) and older than expiresTicket minutes at `now`: the customer left our
 * last word unanswered that long. The connection's expiring tickets are read by
 * tickets_company_status_updated_idx (company, 'open'), each one's last message by one probe of
 * messages_ticket_created_idx (ticket, created_at desc, id desc).
 */
const dueTickets = (at: string, limit: number, only?: number[]) => sql`
  select t.id, t.company_id as "companyId", t.whatsapp_id as "whatsappId", t.status, t.queue_id as "queueId",
    w.expires_inactive_message as message
  from whatsapps w
    join tickets t on t.company_id = w.company_id and t.whatsapp_id = w.id and t.status = 'open' and not t.is_group
    cross join lateral (
      select m.from_me, m.created_at from messages m
      where m.ticket_id = t.id and not m.is_deleted
      order by m.created_at desc, m.id desc
      limit 1
    ) last
  where w.expires_ticket > 0 and last.from_me
    and last.created_at < ${at}::timestamptz - make_interval(mins => w.expires_ticket)
    and w.status = 'CONNECTED' and (w.connected_at is null or w.connected_at <= ${at}::timestamptz - ${`${RECONNECT_GRACE_S} seconds`}::interval)
    ${only ? sql`and t.id = any(${`{${only.join(",")}}`}::int[])` : sql``}
  order by t.id
  limit ${limit}
  for update of t skip locked
`;

/**
 * Expiry (issue 6 part 3, connection fields expiresTicket + expiresInactiveMessage; issue 12):
 * it closes conversations the customer abandoned, never a customer waiting for us. An open ticket
 * whose last message is ours and that the customer has not answered for expiresTicket minutes
 * (0: never) before `now` is closed (only while its connection is CONNECTED, and not in the
 * RECONNECT_GRACE_S after it connected), after expiresInactiveMessage (when set) is queued to the
 * customer, becoming the ticket's lastMessage as any message we send does. Pending tickets,
 * tickets whose last message is the customer's and tickets without a message are left alone. As
 * on resolve, the queue is kept and the bot, integration and prompt are cleared, and the ticket's
 * tracking cycle is finished at `now`.
 *
 * Idempotent: due rows are locked with SKIP LOCKED, and the message and the close commit together,
 * so a closed ticket is never due again and the notice goes out once. One batch of `limit`.
 */
export async function expireInactiveTickets(db: Db, now: Date = new Date(), limit = 100): Promise<TimedRuleResult> {
  const at = now.toISOString();
  const done = await db.transaction(async (tx) => {
    const locked = (await tx.execute(dueTickets(at, limit))) as unknown as Due[];
    // read again once locked: a customer message committed while we waited for a row (its
    // ingest updates the ticket row) is seen by this newer statement, and that ticket stays open
    const due = locked.length ? ((await tx.execute(dueTickets(at, limit, locked.map((t) => t.id)))) as unknown as Due[]) : [];
    const said: { ticket: Due; view: MessageView }[] = [];
    for (const t of due) {
      const text = t.message.trim();
      if (!text) continue;
      said.push({ ticket: t, view: await insertBotMessage(tx, t, text) });
      // the closing notice is the conversation's last word, as any message we send: the lists show it
      await tx.update(tickets).set({ lastMessage: lastMessageText(text, null) }).where(and(eq(tickets.id, t.id), eq(tickets.companyId, t.companyId)));
    }
    for (const companyId of new Set(due.map((t) => t.companyId))) {
      const ids = due.filter((t) => t.companyId === companyId).map((t) => t.id);
      await tx
        .update(tickets)
        .set({ ...CLOSED_TICKET, updatedAt: new Date() })
        .where(and(eq(tickets.companyId, companyId), inArray(tickets.id, ids)));
      // the attendance cycle ends with the ticket (the dashboard's support time)
      await finishCycles(tx, companyId, ids, now);
    }
    for (const t of due) {
      await enqueueTicketWebhook(tx, "ticket.closed", { companyId: t.companyId, whatsappId: t.whatsappId, ticketId: t.id });
    }
    return { due, said };
  });
  if (done.said.length) await wakeWorker(db, done.said.map((s) => s.ticket.whatsappId));
  if (done.due.length) {
    const moved = done.due.map((t) => ({ id: t.id, companyId: t.companyId, before: { id: t.id, companyId: t.companyId, queueId: t.queueId, status: t.status } }));
    const messageEvents = done.said.map(({ ticket, view }) =>
      messageCreatedEvent({ id: ticket.id, companyId: ticket.companyId, queueId: ticket.queueId, status: "closed" }, view, false),
    );
    await publish(...(await movedTicketEvents(db, moved)), ...messageEvents);
  }
  return { count: done.due.length, ticketIds: done.due.map((t) => t.id) };
}
