import type { MessageView } from "@/lib/messages/message-view";
import type { TicketListItem } from "@/lib/tickets/ticket-view";

/** A message as the browser receives it (dates as ISO text; events may cut long bodies). */
export type ConversationMessage = Omit<MessageView, "createdAt"> & { createdAt: string; truncated?: boolean };

/** The ticket the conversation shows: from the page (Date) or the API (ISO text). */
export type ConversationTicket = Omit<TicketListItem, "updatedAt"> & { updatedAt: Date | string };

/** GET /api/messages/{ticketId} */
export type MessagesPage = { messages: ConversationMessage[]; count: number; hasMore: boolean };

/** `appMessage` on the conversation channel: a new message, or some fields of one that changed. */
export type AppMessageEvent =
  | { action: "create"; message: ConversationMessage; ticketId: number }
  | { action: "update"; message: Partial<ConversationMessage> & { id: number }; ticketId: number };

/** What a `ticket` update carries: the list summary (lib/tickets/ticket-summary.ts), tags after a sync. */
export type TicketSummaryEvent = Partial<Omit<ConversationTicket, "queue" | "user" | "whatsapp">> & { id: number };

/** `ticket` on the conversation channel. */
export type TicketEvent = { action: "update"; ticket: TicketSummaryEvent } | { action: "delete"; ticketId: number };
