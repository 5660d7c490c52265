import { channels, type TicketStatus } from "@/lib/realtime/channels";

export type ListChannel = { name: string; status: TicketStatus };
type ChannelViewer = { isAdmin: boolean; allTicket: boolean; queueIds: number[] };

type ChannelViewerWithId = ChannelViewer & { id: number };

/**
 * The ticket list channels a viewer listens to (the realtime auth allows exactly these): admins
 * the all-queues channel of each status; others their queues' and the no-queue channel, plus,
 * for allTicket users, every queue's pending channel (they see other queues' pending tickets),
 * and their own user channel, where their tickets of queues they are not in are heard
 * (lib/realtime/ticket-events.ts; it carries no list delete but an owner's change, as "open").
 */
export function listChannels(companyId: number, viewer: ChannelViewerWithId, statuses: TicketStatus[], allQueueIds: number[] = []): ListChannel[] {
  if (viewer.isAdmin) return statuses.map((status) => ({ name: channels.allTickets(companyId, status), status }));
  const lists = statuses.flatMap((status) => {
    const queues = status === "pending" && viewer.allTicket ? [...new Set([...viewer.queueIds, ...allQueueIds])] : viewer.queueIds;
    return [null, ...queues].map((q) => ({ name: channels.tickets(companyId, q, status), status }));
  });
  return [...lists, { name: channels.user(companyId, viewer.id), status: "open" }];
}
