import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { messages } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { lastMessageText } from "./message-text";
import { publish } from "@/lib/realtime/publish";
import { messageUpdatedEvent, type MessageView } from "./message-view";
import { publishOutbox, sendableTicket, writeOutbox } from "./queue-outbound";

type Media = { media?: { mimetype?: string; filename?: string; ptt?: boolean } } | null;

/**
 * POST /api/messages/{id}/resend (issue 33 §7): an own message that failed (WhatsApp refused it,
 * or the send gave up) goes again as a NEW outbox row with a new wid, WhatsApp having seen the old
 * one, and the same text, file and quote. The failed row stays as it is. Whoever may send in the
 * ticket may resend (sendableTicket: 403, closed 409); another company's or a missing message is
 * 404; one that is not failed (or was deleted) is 409 ERR_MESSAGE_NOT_FAILED, one already resent
 * 409 ERR_MESSAGE_ALREADY_RESENT (the old row records `resentAs`). The new message.
 */
export async function resendMessage(db: Db, ctx: TenantContext, messageId: number): Promise<MessageView> {
  const written = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        ticketId: messages.ticketId,
        fromMe: messages.fromMe,
        sendStatus: messages.sendStatus,
        isDeleted: messages.isDeleted,
        body: messages.body,
        mediaType: messages.mediaType,
        mediaUrl: messages.mediaUrl,
        dataJson: messages.dataJson,
        quotedMsgId: messages.quotedMsgId,
        resentAs: sql<string | null>`${messages.dataJson}->>'resentAs'`,
      })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId)))
      // locked: of two clicks (or two agents) one resends, the other is told it was
      .for("update");
    if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
    const ticket = await sendableTicket(tx, ctx, row.ticketId);
    if (!row.fromMe || row.sendStatus !== "failed" || row.isDeleted) throw new AppError("ERR_MESSAGE_NOT_FAILED", 409);
    if (row.resentAs !== null) throw new AppError("ERR_MESSAGE_ALREADY_RESENT", 409);
    // only how the file is sent travels with the copy (a voice note stays one)
    const media = (row.dataJson as Media)?.media;
    const copy = {
      body: row.body,
      mediaType: row.mediaType,
      mediaUrl: row.mediaUrl,
      dataJson: media ? { media } : null,
      quotedMsgId: row.quotedMsgId,
    };
    const out = await writeOutbox(tx, ctx, ticket, [copy], lastMessageText(row.body, row.mediaType, media?.filename));
    const resentAs = out.views[0].id;
    await tx
      .update(messages)
      .set({ dataJson: sql`coalesce(${messages.dataJson}, '{}'::jsonb) || ${JSON.stringify({ resentAs })}::jsonb` })
      .where(and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId)));
    return { out, ticketId: row.ticketId, resentAs };
  });
  const [view] = await publishOutbox(ctx, written.out);
  // the failed bubble, wherever it is open, stops offering Resend
  await publish(messageUpdatedEvent(ctx.companyId, written.ticketId, { id: messageId, resentAs: written.resentAs }));
  return view;
}
