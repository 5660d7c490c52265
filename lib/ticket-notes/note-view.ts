import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { ticketNotes, users } from "@/db/schema";

/** A note as the contact drawer lists it (spec core §3 Ticket note). */
export type TicketNoteView = {
  id: number;
  note: string;
  ticketId: number | null;
  contactId: number;
  user: { id: number; name: string } | null;
  createdAt: Date;
};

/** ticket_notes with their author (the caller adds the where). */
export function selectNotes(db: DbOrTx) {
  return db
    .select({
      id: ticketNotes.id,
      note: ticketNotes.note,
      ticketId: ticketNotes.ticketId,
      contactId: ticketNotes.contactId,
      userId: ticketNotes.userId,
      userName: users.name,
      createdAt: ticketNotes.createdAt,
    })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId));
}

type Row = Awaited<ReturnType<typeof selectNotes>>[number];

export function toNoteView(r: Row): TicketNoteView {
  const { userId, userName, ...note } = r;
  return { ...note, user: userId !== null && userName !== null ? { id: userId, name: userName } : null };
}
