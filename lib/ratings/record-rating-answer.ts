import type postgres from "postgres";
import type { Db } from "@/db";
import { PREPARE } from "@/db/prepared-query";
import { botMessageView, wakeWorker } from "@/lib/chatbot/queue-bot-message";
import type { IngestParams } from "@/lib/messages/ingest-statement";
import { messageCreatedEvent, type MessageView } from "@/lib/messages/message-view";
import { generateWid } from "@/lib/messages/generate-wid";
import { publish } from "@/lib/realtime/publish";
import type { TicketPlace } from "@/lib/realtime/ticket-events";
import { RATING_SQL, type RatingRow } from "./rating-statement";
import { rateOf } from "./texts";

export type RatingAnswer = { ticketId: number; messageId: number; rate: number };

/** The rate an inbound message may stand for: a person's bare 1, 2 or 3 (no media, not own). */
export function ratingCandidate(p: IngestParams): number | null {
  if (p.fromMe || p.chat.isGroup || p.mediaType !== null || p.mediaKey !== null) return null;
  return rateOf(p.body);
}

/**
 * userRating (spec: the contact's next reply of 1, 2 or 3 within 24 hours is the agent's rating):
 * records the answer, stores the message on the closed ticket and queues the completion message,
 * all in one statement; then publishes the messages. Answers null, having written nothing, when
 * the message is not an awaited rating answer (it is then ingested as any other message).
 */
export async function recordRatingAnswer(db: Db, client: postgres.Sql, p: IngestParams, rate: number): Promise<RatingAnswer | null> {
  const params = [p.companyId, p.whatsappId, p.wid, p.chat.number, p.body, rate, p.createdAt.toISOString(), p.raw, generateWid()];
  const [row] = await client.unsafe<RatingRow[]>(RATING_SQL, params as postgres.ParameterOrJSON<never>[], { prepare: PREPARE });
  if (!row || row.messageId === null) return null;
  const place: TicketPlace = { id: row.ticketId, companyId: p.companyId, queueId: row.queueId, status: "closed" };
  const answer: MessageView = {
    ...botMessageView(row.ticketId, Number(row.messageId), p.wid, p.body, row.createdAt!),
    fromMe: false,
    sendStatus: null,
    contact: { id: row.contactId, name: row.contactName },
  };
  const events = [messageCreatedEvent(place, answer, false)];
  if (row.farewellId !== null) {
    const view = botMessageView(row.ticketId, Number(row.farewellId), row.farewellWid!, row.farewellBody!, row.farewellAt!);
    events.push(messageCreatedEvent(place, view, false));
    await wakeWorker(db, [p.whatsappId]);
  }
  await publish(...events);
  return { ticketId: row.ticketId, messageId: Number(row.messageId), rate };
}
