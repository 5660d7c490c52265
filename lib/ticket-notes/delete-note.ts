import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { ticketNotes } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";

/** DELETE /ticket-notes/{id}: its author or an admin. Another company's (or a missing) note is 404. */
export async function deleteTicketNote(db: DbOrTx, ctx: TenantContext, noteId: number) {
  const where = and(eq(ticketNotes.id, noteId), eq(ticketNotes.companyId, ctx.companyId));
  const [note] = await db.select({ userId: ticketNotes.userId }).from(ticketNotes).where(where);
  if (!note) throw new AppError("ERR_NO_TICKET_NOTE_FOUND", 404);
  if (note.userId !== ctx.userId && !isAdmin(ctx)) throw new AppError("ERR_NO_PERMISSION", 403);
  await db.delete(ticketNotes).where(where);
  return { ok: true as const };
}
