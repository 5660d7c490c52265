import type { TicketStatus } from "@/lib/realtime/channels";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { ticketChangeEvents, type TicketPlace } from "@/lib/realtime/ticket-events";
import { clip, LAST_MESSAGE_MAX } from "@/lib/messages/message-text";

/** What a ticket list item needs from a realtime event (ids and short fields, well under 10 KB). */
export type TicketSummary = {
  id: number;
  uuid: string;
  status: TicketStatus;
  queueId: number | null;
  userId: number | null;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: Date | string;
  isGroup: boolean;
  whatsappId: number | null;
  /** core §3 Ticket's bot fields: absent from the inbound events (they do not change them) */
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
};

/** The summary of a ticket read for the API (drops the joined names and tags). */
export function toTicketSummary(t: TicketSummary): TicketSummary {
  const { id, uuid, status, queueId, userId, unreadMessages, lastMessage, updatedAt, isGroup, whatsappId, contact } = t;
  const { useIntegration, promptId, integrationId } = t;
  return { id, uuid, status, queueId, userId, unreadMessages, lastMessage, updatedAt, isGroup, whatsappId, useIntegration, promptId, integrationId, contact };
}

export const placeOf = (companyId: number, t: Pick<TicketSummary, "id" | "queueId" | "status"> & { userId?: number | null }): TicketPlace => ({
  id: t.id,
  companyId,
  queueId: t.queueId,
  status: t.status,
  userId: t.userId,
});

/**
 * The `ticket` events of a change that kept the ticket where it was (new message, read, edit):
 * an update on its list channels and its conversation channel. Pass `before` when the queue or
 * status may have moved so the old lists get their delete.
 */
export function ticketSummaryEvents(companyId: number, summary: TicketSummary, before: TicketPlace | null = null): RealtimeEvent[] {
  const bounded = { ...summary, lastMessage: clip(summary.lastMessage, LAST_MESSAGE_MAX) };
  return ticketChangeEvents(before, placeOf(companyId, summary), bounded);
}
