import type { TicketStatus } from "@/lib/realtime/channels";
import type { TicketListItem } from "@/lib/tickets/ticket-view";

/** A ticket list item as the browser holds it (GET /api/tickets answers dates as ISO text). */
export type TicketItem = Omit<TicketListItem, "updatedAt"> & { updatedAt: string };

/**
 * What a `ticket` update event (or a PUT answer) tells about a ticket: the summary always has the
 * ids, status and list fields; the joined names and tags only sometimes.
 */
export type TicketPatch = Pick<TicketItem, "id" | "uuid" | "status" | "queueId" | "userId"> &
  Partial<Omit<TicketItem, "updatedAt">> & { updatedAt?: string | Date };

/** `ticket` on the list channels; updateUnread (spec core §7): its unread count went to 0. */
export type TicketEvent = { action: "update"; ticket: TicketPatch } | { action: "delete"; ticketId: number } | { action: "updateUnread"; ticketId: number };

export type MessageEvent = {
  action: "create" | "update";
  ticketId: number;
  notify?: boolean;
  message: { id: number; ticketId: number; body: string; fromMe: boolean; mediaType: string | null; createdAt: string };
};

/** Which tickets one list shows (a tab): the same filters the API query carries. */
export type FeedScope = {
  /** undefined: the search tab (any status) */
  status?: TicketStatus;
  showAll: boolean;
  /** null: every queue (no queue filter sent) */
  queueIds: number[] | null;
  tagIds: number[];
  userIds: number[];
  /** the lowercased search text */
  text: string;
};

/** The viewer as the list rules need them. */
export type ListViewer = { id: number; name: string; isAdmin: boolean; allTicket: boolean; queueIds: number[] };

export type QueueOption = { id: number; name: string; color: string };

/** The server-rendered first page of a list. */
export type FirstPage = { tickets: TicketItem[]; count: number; hasMore: boolean };
