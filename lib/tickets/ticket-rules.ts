import type { TicketStatus } from "@/lib/realtime/channels";

// Who may do what with a ticket, written once for the server (lib/tickets/ticket-access.ts, the
// transitions, messages, tags, realtime auth) and for the screens that offer the buttons
// (components/tickets): what a user is shown, they may do. Pure: no database, safe in the browser.

/** The user acting: their id, whether they are an admin, their queues and allTicket flag. */
export type TicketActor = { userId: number; isAdmin: boolean; queueIds: readonly number[]; allTicket: boolean };
/** What the rules read of a ticket. */
export type TicketHold = { status: TicketStatus; queueId: number | null; userId: number | null };

const inQueues = (a: TicketActor, t: Pick<TicketHold, "queueId">) => t.queueId === null || a.queueIds.includes(t.queueId);
const isMine = (a: TicketActor, t: Pick<TicketHold, "userId">) => t.userId === a.userId;

/**
 * Opening (reading) a ticket, spec core §5/§6: admins any ticket of their company; users those of
 * their queues, without a queue, and their own. Another queue's ticket that is not theirs is
 * refused ("Acesso não permitido"), allTicket or not.
 */
export function canOpenTicket(a: TicketActor, t: Pick<TicketHold, "queueId" | "userId">): boolean {
  return a.isAdmin || isMine(a, t) || inQueues(a, t);
}

/**
 * Writing in a ticket and changing it (issue 12): sending or deleting messages, its tags, closing,
 * returning, transferring, moving it. Admins any ticket; users only an open ticket that is theirs.
 * Ticket notes are not writing in it: they are remarks about the contact that the customer never
 * sees, open to whoever may open the ticket.
 */
export function canWriteTicket(a: TicketActor, t: TicketHold): boolean {
  return a.isAdmin || (t.status === "open" && isMine(a, t));
}

/**
 * Accepting a pending ticket ("Aceitar"): admins; users for their queues' and queue-less ones, and,
 * with allTicket, every queue's (spec core §2: allTicket users are shown those). Someone else
 * holding it already is the accept race's 409, not a refusal. An open ticket nobody holds is taken
 * the same way by whoever may open it.
 */
export function canAcceptTicket(a: TicketActor, t: TicketHold): boolean {
  if (t.status === "open") return t.userId === null && canOpenTicket(a, t);
  return t.status === "pending" && (a.isAdmin || inQueues(a, t) || isMine(a, t) || a.allTicket);
}

/**
 * Closing ("Finalizar", spec core §2: every ticket not closed): an open ticket one may write in,
 * or a pending one one may accept and nobody else holds.
 */
export function canCloseTicket(a: TicketActor, t: TicketHold): boolean {
  if (t.status === "open") return canWriteTicket(a, t);
  return t.status === "pending" && canAcceptTicket(a, t) && (a.isAdmin || t.userId === null || isMine(a, t));
}

/**
 * Reopening ("Reabrir", spec core §4: closed to open, assigned to the current user, same queue):
 * a closed ticket one may open, a colleague's of one's queues included; it becomes one's own.
 */
export function canReopenTicket(a: TicketActor, t: TicketHold): boolean {
  return t.status === "closed" && canOpenTicket(a, t);
}

/** The buttons a ticket offers this user (list rows, conversation header, message input). */
export function ticketActionsFor(a: TicketActor, t: TicketHold) {
  const write = canWriteTicket(a, t);
  return {
    accept: canAcceptTicket(a, t),
    close: canCloseTicket(a, t),
    reopen: canReopenTicket(a, t),
    /** back to the queue: an open ticket */
    returnToPending: write && t.status === "open",
    transfer: write,
    /** send messages, reply, delete own messages (closed: reopen first) */
    message: write && t.status !== "closed",
    /** edit the tags */
    tag: write,
  };
}
