import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { whatsapps } from "@/db/schema";
import type { ConnectionContext } from "@/lib/api/connection-context";
import { AppError } from "@/lib/api/errors";
import { countAttempt } from "@/lib/auth/attempt-limit";
import { mediaTypeFromMime, type OutboundMedia } from "@/lib/messages/media-type";
import { messageCreatedEvent } from "@/lib/messages/message-view";
import { publish } from "@/lib/realtime/publish";
import { deleteMedia } from "@/lib/storage";
import { placeOf, ticketSummaryEvents } from "@/lib/tickets/ticket-summary";
import { claimIdempotencyKey, finishIdempotencyKey, releaseIdempotencyKey, type Replay } from "./idempotency";
import type { SendRequest } from "./read-send-request";
import { pacerHolds } from "./pacer-holds";
import { recordSend } from "./record-send";
import type { SendAnswer } from "./schemas";

export const RATE_WINDOW_MS = 60_000;

/**
 * POST /api/messages/send for a connection: with an `Idempotency-Key`, a repeat answers the first
 * answer and sends nothing (another request under that key: 422); else counts against the
 * connection's rate limit (apiRateLimit a minute) and records the send
 * (lib/external-api/record-send.ts) with the files the request stored. The answer says `queued` when the connection is not CONNECTED, or when a real number's
 * send pacer holds this send (a number silent for 24 h while a cap or a restriction pauses what
 * nobody asked for): the rows wait in its outbox. A replay or a refused send deletes the stored files: nothing points at them.
 */
export async function sendExternalMessage(db: Db, conn: ConnectionContext, input: SendRequest, key: string | null): Promise<Replay> {
  const discard = () => Promise.all(input.files.map((f) => deleteMedia(conn.companyId, f.path)));
  try {
    const scope = { companyId: conn.companyId, whatsappId: conn.whatsappId, requestHash: input.requestHash };
    const claim = key ? await claimIdempotencyKey(db, { ...scope, key }) : null;
    if (claim && "replay" in claim) {
      await discard();
      return claim.replay;
    }
    try {
      return await send(db, conn, input, claim?.id ?? null);
    } catch (err) {
      if (claim) await releaseIdempotencyKey(db, claim.id);
      throw err;
    }
  } catch (err) {
    await discard();
    throw err;
  }
}

async function send(db: Db, conn: ConnectionContext, input: SendRequest, keyId: number | null): Promise<Replay> {
  const [wapp] = await db
    .select({ status: whatsapps.status, limit: whatsapps.apiRateLimit, provider: whatsapps.provider })
    .from(whatsapps)
    .where(and(eq(whatsapps.id, conn.whatsappId), eq(whatsapps.companyId, conn.companyId)));
  // the token was valid a moment ago: the connection was deleted meanwhile
  if (!wapp) throw new AppError("ERR_INVALID_TOKEN", 401);
  await countAttempt(db, [{ bucket: "api-send", key: String(conn.whatsappId), limit: wapp.limit, windowMs: RATE_WINDOW_MS }]);
  const medias: OutboundMedia[] = input.files.map((f) => ({ ...f, type: mediaTypeFromMime(f.mimetype) }));
  const { answer, views, summary } = await db.transaction(async (tx) => {
    const r = await recordSend(tx, { companyId: conn.companyId, whatsappId: conn.whatsappId, number: input.number }, input.body, medias);
    const waits = wapp.status !== "CONNECTED" || (wapp.provider !== "sandbox" && (await pacerHolds(tx, conn, r.ticketId)));
    const status = waits ? "queued" : "sent";
    const answer: SendAnswer = { mensagem: "Mensagem enviada", ticketId: r.ticketId, messageIds: r.messageIds, status };
    if (keyId !== null) await finishIdempotencyKey(tx, keyId, { status: 200, body: answer });
    return { answer, views: r.views, summary: r.summary };
  });
  // agents see it live: the ticket's lists and its conversation, as for an agent's own message
  const place = placeOf(conn.companyId, summary);
  await publish(...ticketSummaryEvents(conn.companyId, summary), ...views.map((v) => messageCreatedEvent(place, v, false)));
  return { status: 200, body: answer };
}
