import { and, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tickets } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { selectTickets, toTicketListItem, type TicketListItem } from "../ticket-view";

/**
 * 409 ERR_OTHER_OPEN_TICKET naming the contact's open ticket, its owner and queue (spec core §8:
 * the new-ticket modal and the transitions' toasts name them).
 */
export function otherOpenTicket(t: TicketListItem): AppError {
  return new AppError("ERR_OTHER_OPEN_TICKET", 409, {
    ticket: { id: t.id, uuid: t.uuid, userId: t.userId, user: t.user && { name: t.user.name }, queue: t.queue && { name: t.queue.name } },
  });
}

type Slot = { companyId: number; contactId: number; whatsappId: number | null; exceptId?: number };

/** The contact's non-closed ticket on that connection (other than `exceptId`), if any. */
export async function findOpenTicket(db: DbOrTx, s: Slot): Promise<TicketListItem | null> {
  if (s.whatsappId === null) return null;
  const where = [eq(tickets.companyId, s.companyId), eq(tickets.contactId, s.contactId), eq(tickets.whatsappId, s.whatsappId), ne(tickets.status, "closed")];
  if (s.exceptId !== undefined) where.push(ne(tickets.id, s.exceptId));
  const [row] = await selectTickets(db).where(and(...where)).limit(1);
  return row ? toTicketListItem(row) : null;
}

/** Throws the 409 when the contact already has a non-closed ticket on that connection. */
export async function assertSlotFree(db: DbOrTx, s: Slot): Promise<void> {
  const other = await findOpenTicket(db, s);
  if (other) throw otherOpenTicket(other);
}

/** Whether a database error is tickets_contact_whatsapp_open_idx refusing a second open ticket. */
export function isOpenTicketClash(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint_name?: string; constraint?: string };
    if (pg.code === "23505") return (pg.constraint_name ?? pg.constraint) === "tickets_contact_whatsapp_open_idx";
  }
  return false;
}
