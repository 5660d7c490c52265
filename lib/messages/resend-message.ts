import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { messages } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { lastMessageText } from "./message-text";
import type { MessageView } from "./message-view";
import { publishOutbox, sendableTicket, writeOutbox } from "./queue-outbound";

type Media = { media?: { mimetype?: string; filename?: string; ptt?: boolean } } | null;

/**
 * POST /api/messages/{id}/resend (issue 33 §7): an own message that failed (WhatsApp refused it,
 * or the send gave up) goes again as a NEW outbox row with a new wid, WhatsApp having seen the old
 * one, and the same text, file and quote. The failed row stays as it is. Whoever may send in the
 * ticket may resend (sendableTicket: 403, closed 409); another company's or a missing message is
 * 404; one that is not failed (or was deleted) is 409 ERR_MESSAGE_NOT_FAILED. The new message.
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
      })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.companyId, ctx.companyId)))
      // two clicks resend twice (the old row stays failed), but never while the row is changing
      .for("update");
    if (!row) throw new AppError("ERR_NO_MESSAGE_FOUND", 404);
    const ticket = await sendableTicket(tx, ctx, row.ticketId);
    if (!row.fromMe || row.sendStatus !== "failed" || row.isDeleted) throw new AppError("ERR_MESSAGE_NOT_FAILED", 409);
    // only how the file is sent travels with the copy (a voice note stays one)
    const media = (row.dataJson as Media)?.media;
    const copy = {
      body: row.body,
      mediaType: row.mediaType,
      mediaUrl: row.mediaUrl,
      dataJson: media ? { media } : null,
      quotedMsgId: row.quotedMsgId,
    };
    return writeOutbox(tx, ctx, ticket, [copy], lastMessageText(row.body, row.mediaType, media?.filename));
  });
  const [view] = await publishOutbox(ctx, written);
  return view;
}
