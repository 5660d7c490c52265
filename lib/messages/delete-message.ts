import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { z } from "zod";
import { bigIdSchema } from "@/lib/validation/ids";
import type { TicketStatus } from "@/lib/realtime/channels";
import { assertMayWrite, canOpenTicket } from "@/lib/tickets/ticket-access";
import { messageUpdatedEvent, type MessageView } from "./message-view";
import { refreshLastMessage } from "./refresh-last-message";
import { selectMessages, toMessageView } from "./select-messages";

export const messageIdParams = z.object({ id: bigIdSchema() });

/**
 * DELETE /api/messages/{id}: an agent deletes one of the company's own (fromMe) messages, on a
 * ticket they may write in (a non-admin's own open ticket: lib/tickets/ticket-rules.ts). It is
 * marked deleted here (the conversation shows the marker) and, when it
 * reached WhatsApp, the worker deletes it there for everyone (lib/whatsapp/worker/revokes.ts); one
 * still waiting in the outbox is cancelled and never sent. Another company's or a missing message
 * is 404; someone else's message or a ticket the user may not open is 403.
 */
export async function deleteMessage(db: Db, ctx: TenantContext, messageId: number): Promise<MessageView> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: messages.id,
        ticketId: messages.ticketId,
        whatsappId: messages.whatsappId,
        fromMe: messages.fromMe,
        isDeleted: messages.isDeleted,
        sendStatus: messages.sendStatus,
        queueId: tickets.queueId,
        userId: tickets.userId,
        status: tickets.status,
      })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId)))
      .for("update", { of: messages });
    if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
    if (!canOpenTicket(ctx, row) || !row.fromMe) throw new AppError("ERR_NO_PERMISSION", 403);
    // deleting (for everyone, on WhatsApp) is writing in the ticket: a non-admin's own open one
    assertMayWrite(ctx, { ...row, status: row.status as TicketStatus });
    if (row.isDeleted) return null;
    // pending: not claimed by the worker yet, so it is simply never sent. Anything that may be on
    // WhatsApp (sent, being sent, or sent from the phone: no outbox status) is revoked there.
    const cancel = row.sendStatus === "pending";
    const revoke = !cancel && row.whatsappId !== null && (row.sendStatus === null || row.sendStatus === "sent" || row.sendStatus === "sending");
    const [updated] = await tx
      .update(messages)
      .set({
        isDeleted: true,
        ...(cancel ? { sendStatus: "cancelled" } : {}),
        ...(revoke ? { revokeRequestedAt: sql`now()` } : {}),
      })
      .where(eq(messages.id, row.id))
      .returning({ id: messages.id, isDeleted: messages.isDeleted, sendStatus: messages.sendStatus });
    if (revoke) await tx.execute(sql`select pg_notify('outbox', ${String(row.whatsappId)})`);
    // the list preview was perhaps this message: the newest one left takes its place
    const ticketEvents = await refreshLastMessage(tx, ctx.companyId, row.ticketId, row.id);
    return { ...updated, ticketId: row.ticketId, ticketEvents };
  });
  const [view] = await selectMessages(db).where(and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId)));
  if (changed) {
    const { ticketId, ticketEvents, ...message } = changed;
    await publish(messageUpdatedEvent(ctx.companyId, ticketId, message), ...ticketEvents);
  }
  return toMessageView(view);
}
