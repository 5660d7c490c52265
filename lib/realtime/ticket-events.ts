import { channels, EVENTS, type TicketStatus } from "./channels";
import type { RealtimeEvent } from "./publish";

export type TicketPlace = {
  id: number;
  companyId: number;
  queueId: number | null;
  status: TicketStatus;
  /** its agent, when known: their own channel hears it too */
  userId?: number | null;
};

/**
 * The list channels a ticket appears on: its queue and status, the admins' all-queues one, and
 * its agent's user channel: an agent's ticket may sit in a queue they are not in (accepted from
 * another queue as an allTicket user, or handed to them by an admin), whose channels they may
 * not hear, yet it is in their open list.
 */
export function ticketListChannels(t: TicketPlace): string[] {
  const list = [channels.tickets(t.companyId, t.queueId, t.status), channels.allTickets(t.companyId, t.status)];
  if (t.userId) list.push(channels.user(t.companyId, t.userId));
  return list;
}

const ownerChanged = (before: TicketPlace, after: TicketPlace) => before.userId !== undefined && after.userId !== undefined && before.userId !== after.userId;

/**
 * Events for a ticket change: a `delete` where it no longer belongs (queue or status changed, or
 * deleted), an `update` where it is now, and on its conversation channel.
 * `summary` is what the list item shows (ids and short fields; the client fetches the rest).
 */
export function ticketChangeEvents(before: TicketPlace | null, after: TicketPlace | null, summary?: unknown): RealtimeEvent[] {
  const events: RealtimeEvent[] = [];
  const moved = before && (!after || before.queueId !== after.queueId || before.status !== after.status || ownerChanged(before, after));
  if (before && moved) {
    const stay = after ? new Set(ticketListChannels(after)) : new Set<string>();
    const leave = ticketListChannels(before).filter((c) => !stay.has(c));
    events.push({ channels: leave, event: EVENTS.ticket, data: { action: "delete", ticketId: before.id } });
  }
  const target = after ?? before;
  if (after) {
    events.push({ channels: ticketListChannels(after), event: EVENTS.ticket, data: { action: "update", ticket: summary ?? { id: after.id } } });
  }
  if (target) {
    const action = after ? "update" : "delete";
    events.push({
      channels: [channels.ticket(target.companyId, target.id)],
      event: EVENTS.ticket,
      data: after ? { action, ticket: summary ?? { id: after.id } } : { action, ticketId: target.id },
    });
  }
  return events;
}

/**
 * spec core §7: the `ticket` event's updateUnread (the product we replace sends `{ ticketId }`): the
 * ticket's unread count went to 0. On the lists it is on, where the ticket manager and the bell listen.
 */
export function unreadClearedEvent(t: TicketPlace): RealtimeEvent {
  return { channels: ticketListChannels(t), event: EVENTS.ticket, data: { action: "updateUnread", ticketId: t.id } };
}
