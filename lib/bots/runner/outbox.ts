import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { botMessageView, wakeWorker } from "@/lib/chatbot/queue-bot-message";
import { generateWid } from "@/lib/messages/generate-wid";
import { mediaTypeFromMime, rowMediaType } from "@/lib/messages/media-type";
import { messageCreatedEvent, viewMediaUrl } from "@/lib/messages/message-view";
import type { TicketStatus } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import type { StoredMedia } from "@/lib/whatsapp/types";
import type { ClaimedTurn } from "./claim";
import { heldBy } from "./hold";

/** One message of the bot: a text, or a stored file (its caption as the body); `ptt` a voice note. */
export type BotOutgoing = { body: string; media?: StoredMedia & { ptt?: boolean } };

type Row = { id: string | number; wid: string; createdAt: Date | string; whatsappId: number; queueId: number | null; status: TicketStatus };

/**
 * Writes one bot message as an outbox row (fromMe, no user, pending: the worker owning the
 * connection sends it), in ONE statement that also marks the ticket's lastBotMessageAt, and only
 * while the bot still holds the ticket for this turn (`heldBy`). Then wakes the worker and
 * publishes the message. Answers false when the ticket is no longer the bot's (nothing written).
 */
export async function sendBotMessage(db: Db, turn: ClaimedTurn, out: BotOutgoing): Promise<boolean> {
  const wid = generateWid();
  const m = out.media;
  const mediaType = m ? rowMediaType(mediaTypeFromMime(m.mimetype)) : null;
  const dataJson = m ? JSON.stringify({ media: { mimetype: m.mimetype, filename: m.filename, ...(m.ptt ? { ptt: true } : {}) } }) : null;
  const rows = (await db.execute(sql`
    with t as (
      update tickets t set last_bot_message_at = now()
      where ${heldBy(turn)}
      returning t.id, t.company_id, t.whatsapp_id, t.queue_id, t.status
    ), m as (
      insert into messages (company_id, ticket_id, whatsapp_id, wid, body, from_me, read, send_status, ack, media_type, media_url, data_json)
      select t.company_id, t.id, t.whatsapp_id, ${wid}, ${out.body}, true, true, 'pending', 0, ${mediaType}, ${m?.path ?? null}, ${dataJson}::jsonb
      from t
      returning id, wid, created_at
    )
    select m.id, m.wid, m.created_at as "createdAt", t.whatsapp_id as "whatsappId", t.queue_id as "queueId", t.status
    from m, t`)) as unknown as Row[];
  const row = rows[0];
  if (!row) return false;
  await wakeWorker(db, [row.whatsappId]);
  const view = { ...botMessageView(turn.ticketId, Number(row.id), row.wid, out.body, row.createdAt), mediaType, mediaUrl: viewMediaUrl(m?.path ?? null) };
  const place = { id: turn.ticketId, companyId: turn.companyId, queueId: row.queueId, status: row.status };
  await publish(messageCreatedEvent(place, view, false));
  return true;
}
