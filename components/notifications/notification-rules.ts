import type { TicketStatus } from "@/lib/realtime/channels";

// Pure rules of the notifications (spec core §2 "Notifications bell", §4 "Notifications").

export type AlertViewer = { id: number; isAdmin: boolean; allTicket: boolean; queueIds: number[] };

/** A ticket as the `ticket` events describe it (lib/tickets/ticket-summary.ts). */
export type AlertTicket = {
  id: number;
  uuid: string;
  status: TicketStatus;
  userId: number | null;
  queueId: number | null;
  isGroup: boolean;
  unreadMessages: number;
  lastMessage: string;
  updatedAt: string;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
};

export type IncomingMessage = { notify?: boolean; message: { fromMe: boolean } };

/** Is this ticket the one on screen: its page open in a visible tab? */
export function isTicketOnScreen(ticketUuid: string, pathname: string, visibility: DocumentVisibilityState | string): boolean {
  return visibility === "visible" && pathname.replace(/\/$/, "").toLowerCase() === `/tickets/${ticketUuid.toLowerCase()}`;
}

/**
 * spec core §4: only incoming messages (not own, not history imports: `notify`), on tickets that
 * are not pending, unassigned or the viewer's, in the viewer's queues or without a queue, not when
 * that ticket is open and visible, and never for groups.
 */
export function shouldNotify(
  event: IncomingMessage,
  ticket: Pick<AlertTicket, "status" | "userId" | "queueId" | "isGroup">,
  viewer: Pick<AlertViewer, "id" | "queueIds">,
  onScreen: boolean,
): boolean {
  if (!event.notify || event.message.fromMe) return false;
  if (ticket.isGroup || ticket.status === "pending") return false;
  if (ticket.userId !== null && ticket.userId !== viewer.id) return false;
  if (ticket.queueId !== null && !viewer.queueIds.includes(ticket.queueId)) return false;
  return !onScreen;
}

/**
 * Does the bell count this ticket? Tickets with unread messages that are the viewer's; for
 * allTicket users the waiting (pending) ones too (spec core §2).
 */
export function countsInBell(t: Pick<AlertTicket, "status" | "userId" | "unreadMessages">, viewer: Pick<AlertViewer, "id" | "allTicket">): boolean {
  if (t.unreadMessages <= 0) return false;
  if (t.status === "open") return t.userId === viewer.id;
  return t.status === "pending" && viewer.allTicket;
}

export type BellState = { items: AlertTicket[]; /** counted tickets beyond the first pages loaded */ beyond: number };

const newerFirst = (a: AlertTicket, b: AlertTicket) => (Date.parse(b.updatedAt) || 0) - (Date.parse(a.updatedAt) || 0) || b.id - a.id;

/** A `ticket` update applied to the bell: in when it counts, out when it no longer does. */
export function applyBellUpdate(state: BellState, patch: Partial<AlertTicket> & { id: number }, viewer: AlertViewer): BellState {
  const known = state.items.find((t) => t.id === patch.id);
  const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<AlertTicket>;
  const merged = { ...known, ...defined } as AlertTicket;
  if (merged.updatedAt && typeof merged.updatedAt !== "string") merged.updatedAt = new Date(merged.updatedAt).toISOString();
  const rest = state.items.filter((t) => t.id !== patch.id);
  const complete = merged.uuid && merged.contact && merged.status && typeof merged.unreadMessages === "number";
  if (!complete || !countsInBell(merged, viewer)) return known ? { ...state, items: rest } : state;
  return { ...state, items: [...rest, merged].sort(newerFirst) };
}

/** A `ticket` delete on a channel of `status`: the ticket left that status (or was deleted). */
export function applyBellDelete(state: BellState, id: number, status: TicketStatus): BellState {
  const known = state.items.find((t) => t.id === id);
  return known && known.status === status ? { ...state, items: state.items.filter((t) => t.id !== id) } : state;
}

export const bellCount = (s: BellState) => s.items.length + s.beyond;
