import type { TicketStatus } from "@/lib/realtime/channels";
import type { TicketListItem } from "@/lib/tickets/ticket-view";

/**
 * A card of the board (admin §3 Kanban ticket: id, uuid, contact, lastMessage, tags), with what
 * the board also needs: status, queue and agent (who may move it: lib/tickets/ticket-rules.ts) and
 * updatedAt (the lanes' order, newest activity first).
 */
export type KanbanTicket = {
  id: number;
  uuid: string;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: Date | string;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  queue: { id: number; name: string; color: string } | null;
  user: { id: number; name: string } | null;
  tags: { id: number; name: string; color: string }[];
};

export function toKanbanTicket(t: TicketListItem): KanbanTicket {
  const { id, uuid, status, queueId, userId, unreadMessages, lastMessage, updatedAt, contact, queue, user, tags } = t;
  return { id, uuid, status, queueId, userId, unreadMessages, lastMessage, updatedAt, contact, queue, user, tags };
}
