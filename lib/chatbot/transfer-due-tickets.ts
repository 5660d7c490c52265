import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { publish } from "@/lib/realtime/publish";
import { movedTicketEvents } from "./ticket-events";

export type TimedRuleResult = { count: number; ticketIds: number[] };

/**
 * Auto-transfer (issue 6 part 3, connection fields transferQueueId + timeToTransfer): a pending
 * ticket with no user and no queue yet (the customer never got through the queue menu) whose last
 * customer message (its creation, if it has none) is more than timeToTransfer minutes before `now`
 * moves to the connection's transfer queue, once: in a queue it is no longer a candidate. The bot
 * stops on it. Groups are left alone.
 *
 * Idempotent and safe beside itself: the due rows are locked with SKIP LOCKED and moved in one
 * statement, so two schedulers (or Inngest beside the embedded one) move each ticket once; a ticket
 * the chatbot is answering at that moment (row locked) is taken by the next pass. One batch of
 * `limit` tickets per call; the callers loop while batches come back full.
 */
export async function transferDueTickets(db: Db, now: Date = new Date(), limit = 100): Promise<TimedRuleResult> {
  const at = now.toISOString();
  const rows = (await db.execute(sql`
    with due as (
      select t.id, w.transfer_queue_id as queue_id
      from tickets t
        join whatsapps w on w.id = t.whatsapp_id and w.company_id = t.company_id
        join queues q on q.id = w.transfer_queue_id and q.company_id = t.company_id
      where t.status = 'pending' and t.user_id is null and t.queue_id is null and not t.is_group
        and w.time_to_transfer > 0
        and coalesce(
          (select max(m.created_at) from messages m where m.ticket_id = t.id and m.from_me = false),
          t.created_at
        ) < ${at}::timestamptz - make_interval(mins => w.time_to_transfer)
      order by t.id
      limit ${limit}
      for update of t skip locked
    )
    update tickets t set queue_id = due.queue_id, chatbot = false, queue_option_id = null, updated_at = now()
    from due
    where t.id = due.id
    returning t.id, t.company_id as "companyId"
  `)) as unknown as { id: number; companyId: number }[];
  if (rows.length) {
    const moved = rows.map((r) => ({ ...r, before: { id: r.id, companyId: r.companyId, queueId: null, status: "pending" as const } }));
    await publish(...(await movedTicketEvents(db, moved)));
  }
  return { count: rows.length, ticketIds: rows.map((r) => r.id) };
}
