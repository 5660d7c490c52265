import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets } from "@/db/schema";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import type { TicketStatus } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { CLOSED_TICKET } from "@/lib/tickets/closed-ticket";
import { finishCycles } from "@/lib/tickets/tracking";
import { insertBotMessage, wakeWorker } from "./queue-bot-message";
import { movedTicketEvents } from "./ticket-events";
import type { TimedRuleResult } from "./transfer-due-tickets";

type Due = { id: number; companyId: number; whatsappId: number; status: TicketStatus; queueId: number | null; message: string };

/**
 * Expiry (issue 6 part 3, connection fields expiresTicket + expiresInactiveMessage): an open or
 * pending ticket (not a group) whose last customer message (its creation, if it has none) is more
 * than expiresTicket minutes (0: never) before `now` is closed, after expiresInactiveMessage (when
 * set) is queued to the customer. As on resolve, the queue is kept and the bot, integration and
 * prompt are cleared, and the ticket's tracking cycle is finished at `now`.
 *
 * Idempotent: due rows are locked with SKIP LOCKED, and the message and the close commit together,
 * so a closed ticket is never due again and the notice goes out once. One batch of `limit`.
 */
export async function expireInactiveTickets(db: Db, now: Date = new Date(), limit = 100): Promise<TimedRuleResult> {
  const at = now.toISOString();
  const done = await db.transaction(async (tx) => {
    const due = (await tx.execute(sql`
      select t.id, t.company_id as "companyId", t.whatsapp_id as "whatsappId", t.status, t.queue_id as "queueId",
        w.expires_inactive_message as message
      from tickets t
        join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
      where t.status in ('open', 'pending') and not t.is_group and w.expires_ticket > 0
        and coalesce(
          (select max(m.created_at) from messages m where m.ticket_id = t.id and m.from_me = false),
          t.created_at
        ) < ${at}::timestamptz - make_interval(mins => w.expires_ticket)
      order by t.id
      limit ${limit}
      for update of t skip locked
    `)) as unknown as Due[];
    const said: { ticket: Due; view: MessageView }[] = [];
    for (const t of due) {
      if (t.message.trim()) said.push({ ticket: t, view: await insertBotMessage(tx, t, t.message.trim()) });
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
