import { channels, EVENTS } from "@/lib/realtime/channels";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import { ticketListChannels, type TicketPlace } from "@/lib/realtime/ticket-events";
import { mediaUrl } from "@/lib/storage";
import { clip, EVENT_BODY_MAX } from "./message-text";

/** A message as the conversation shows it (GET /api/messages, POST answers, appMessage events). */
export type MessageView = {
  id: number;
  wid: string;
  ticketId: number;
  body: string;
  fromMe: boolean;
  read: boolean;
  mediaType: string | null;
  /** the authenticated URL of the stored file, never the storage key */
  mediaUrl: string | null;
  ack: number;
  isDeleted: boolean;
  isEdited: boolean;
  createdAt: Date | string;
  sendStatus: string | null;
  sendError: string | null;
  /** a failed message already sent again: the new message's id (resend-message.ts) */
  resentAs?: number | null;
  quotedMsg: { id: number; body: string; fromMe: boolean; mediaType: string | null } | null;
  contact: { id: number; name: string } | null;
};

/** Storage key → the URL the browser fetches it from. */
export const viewMediaUrl = (key: string | null) => (key ? mediaUrl(key) : null);

/** The message as an event carries it: long bodies cut (with `truncated`) to stay under 10 KB. */
export function eventMessage(m: MessageView) {
  const truncated = m.body.length > EVENT_BODY_MAX;
  const quotedMsg = m.quotedMsg && { ...m.quotedMsg, body: clip(m.quotedMsg.body, 200) };
  return { ...m, body: clip(m.body, EVENT_BODY_MAX), quotedMsg, ...(truncated ? { truncated } : {}) };
}

/**
 * `appMessage` create: on the conversation channel (the bubble) and on the ticket's list channels
 * (the list plays the notification sound). `notify` is false for history imports and own messages.
 */
export function messageCreatedEvent(ticket: TicketPlace, message: MessageView, notify: boolean): RealtimeEvent {
  return {
    channels: [channels.ticket(ticket.companyId, ticket.id), ...ticketListChannels(ticket)],
    event: EVENTS.appMessage,
    data: { action: "create", message: eventMessage(message), ticketId: ticket.id, notify },
  };
}

/** `appMessage` update (ack, edit, delete, send status): the conversation channel only. */
export function messageUpdatedEvent(companyId: number, ticketId: number, message: Partial<MessageView> & { id: number }): RealtimeEvent {
  const body = message.body === undefined ? {} : { body: clip(message.body, EVENT_BODY_MAX) };
  return {
    channels: [channels.ticket(companyId, ticketId)],
    event: EVENTS.appMessage,
    data: { action: "update", message: { ...message, ...body, ticketId }, ticketId },
  };
}
