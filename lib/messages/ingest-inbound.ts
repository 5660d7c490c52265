import { rawClient, type Db } from "@/db";
import { AppError } from "@/lib/api/errors";
import { inboundNumber, lidDigits } from "@/lib/contacts/inbound-number";
import { ratingCandidate, recordRatingAnswer } from "@/lib/ratings/record-rating-answer";
import { publish } from "@/lib/realtime/publish";
import { placeOf, ticketSummaryEvents } from "@/lib/tickets/ticket-summary";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { afterAhead, turnAhead } from "@/lib/chatbot/ahead";
import { afterInboundOfDuplicate, runAfterInbound } from "./after-inbound";
import { ingestedBotState } from "./ingest-bot-state";
import { ingestRow, ingestRowAlone } from "./ingest-batch";
import type { IngestParams, IngestRow } from "./ingest-statement";
import { stripNul, stripNulDeep } from "@/lib/validation/nul";
import { lastMessageText } from "./message-text";
import { republishRecentDuplicate } from "./republish-duplicate";
import { messageCreatedEvent, viewMediaUrl, type MessageView } from "./message-view";

export type IngestInput = { companyId: number; whatsappId: number; message: InboundMessage };
export type IngestResult = { ticketId: number; messageId: number; duplicate: boolean; ticketCreated: boolean };

// A lost race (another message created the contact's ticket first) or a deadlock runs the
// statement again; a handful of tries is plenty, more means something else is wrong.
const MAX_ATTEMPTS = 5;
// IG001: the ingest function found the message stored meanwhile by a concurrent copy (0011_ingest_function.sql)
const RETRYABLE = new Set(["40P01", "40001", "IG001"]);

/**
 * Stores one inbound WhatsApp message (issue 4 part 5): contact upsert, the contact's open ticket
 * found or created, the message inserted idempotently, the ticket's last message and unread count
 * moved, all in one statement; then publishes and calls the chatbot hook. A replay stores nothing,
 * and runs the hook only if a failure left it undone (after-inbound.ts: a failure a retry may fix
 * is thrown, though the message is stored, so the provider delivers it again). A bare 1, 2 or 3
 * awaited as a rating (lib/ratings) is stored on its closed ticket instead.
 */
export async function ingestInbound(db: Db, input: IngestInput): Promise<IngestResult> {
  // the chatbot and the events see the message as stored: without NUL characters
  input = { ...input, message: withoutNul(input.message) };
  const p = ingestInputParams(input);
  // postgres.js directly, so the one statement is prepared once per connection: drizzle never
  // prepares, which costs a Parse/Describe round trip on every call
  const client = rawClient(db);
  // only a bare 1, 2 or 3 pays this extra statement: it may be the answer to a rating question (a
  // placeholder for a content we do not render never is)
  const rate = input.message.unrendered ? null : ratingCandidate(p);
  if (rate !== null) {
    const rated = await recordRatingAnswer(db, client, p, rate);
    if (rated) return { ticketId: rated.ticketId, messageId: rated.messageId, duplicate: false, ticketCreated: false };
  }
  // the bot's answer, decided before the message is stored, rides with the first try (lib/chatbot/ahead.ts)
  const ahead = await turnAhead(db, input, input.message, p).catch(noAhead);
  for (let attempt = 1; ; attempt++) {
    let row: IngestRow;
    try {
      // the first try shares a statement with the messages arriving meanwhile (ingest-batch.ts)
      row = attempt === 1 ? await ingestRow(client, { ...p, ahead: ahead?.args ?? null }) : await ingestRowAlone(client, p);
    } catch (err) {
      if (attempt < MAX_ATTEMPTS && RETRYABLE.has((err as { code?: string }).code ?? "")) continue;
      throw err;
    }
    if (!row.connectionFound) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    if (row.dupId !== null) {
      // the worker that stored it may have died before publishing (history replays stay silent)
      if (!input.message.fromHistory) {
        await republishRecentDuplicate(db, input.companyId, Number(row.dupId)).catch((err) => console.error("[ingest] republish failed:", err));
      }
      const dup = { ticketId: Number(row.dupTicketId), messageId: Number(row.dupId), duplicate: true, ticketCreated: false };
      await afterInboundOfDuplicate(db, { ...input, ...dup });
      return dup;
    }
    if (row.messageId !== null && row.ticketId !== null) {
      const result = { ticketId: row.ticketId, messageId: Number(row.messageId), duplicate: false, ticketCreated: row.ticketCreated };
      await publishIngested(input, p, row);
      // the turn decided ahead was written with the message: the bot has answered it (and marked
      // the message answered: after-inbound.ts)
      const answered = attempt === 1 && ahead !== null && row.aheadMatched === true;
      await afterAhead(db, input, row, attempt === 1 ? ahead : null).catch((err) => console.error("[ingest] bot turn ahead failed:", err));
      if (answered) return result;
      const ticket = { status: row.status, userId: row.userId };
      const hooks = { ticket, botState: await ingestedBotState(db, input, row).catch(noBotState), campaignWaiting: row.campaignWaiting };
      await runAfterInbound(db, { ...input, ...result, ...hooks });
      return result;
    }
    if (attempt >= MAX_ATTEMPTS) throw new AppError("ERR_CREATING_MESSAGE", 500);
  }
}

/**
 * Validates the provider's message and turns it into the statement's parameters. The message comes
 * already without NUL characters (`ingestInbound` strips them once, for the statement, the chatbot
 * and the events alike).
 */
export function ingestInputParams({ companyId, whatsappId, message: m }: IngestInput): IngestParams {
  if (!m.wid?.trim()) throw new AppError("ERR_CREATING_MESSAGE", 400);
  const lid = m.from?.lid ? lidDigits(m.from.lid) : null;
  const chatNumber = inboundNumber(m.chatId, { isGroup: m.isGroup, lid: m.isGroup ? null : lid });
  const fromOther = !m.fromMe;
  const senderNumber = m.isGroup && fromOther ? inboundNumber(m.from.number, { lid }) : null;
  const mediaKey = m.media?.path ?? null;
  // a stored file is always under its company's prefix (lib/storage); anything else is a provider bug
  if (mediaKey && !mediaKey.startsWith(`${companyId}/`)) throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", 400);
  const body = m.body ?? "";
  const createdAt = m.timestamp instanceof Date && !Number.isNaN(m.timestamp.getTime()) ? m.timestamp : new Date();
  return {
    companyId,
    whatsappId,
    wid: m.wid,
    chat: m.isGroup
      ? { number: chatNumber, name: m.groupName?.trim() ?? "", isGroup: true, lid: null }
      : { number: chatNumber, name: fromOther ? (m.from?.name?.trim() ?? "") : "", isGroup: false, lid: fromOther ? lid : null },
    sender: senderNumber ? { number: senderNumber, name: m.from.name?.trim() ?? "", lid } : null,
    body,
    fromMe: m.fromMe,
    mediaType: m.mediaType ?? null,
    mediaKey,
    quotedWid: m.quotedWid ?? null,
    participant: senderNumber,
    raw: rawJson(m.raw),
    createdAt,
    lastMessage: lastMessageText(body, m.mediaType ?? null, m.media?.filename),
    unreadIncrement: m.fromMe ? 0 : 1,
    // an own message sent from the phone is already on the server
    ack: m.fromMe ? 1 : 0,
  };
}

async function publishIngested({ companyId, whatsappId, message }: IngestInput, p: IngestParams, row: IngestRow) {
  const ticketId = row.ticketId!;
  const summary = {
    id: ticketId,
    uuid: row.uuid,
    status: row.status,
    queueId: row.queueId,
    userId: row.userId,
    unreadMessages: row.unreadMessages,
    lastMessage: row.lastMessage,
    updatedAt: row.updatedAt,
    isGroup: p.chat.isGroup,
    whatsappId,
    contact: { id: row.contactId, name: row.contactName, number: row.contactNumber, profilePicUrl: row.profilePicUrl },
  };
  const sender = p.fromMe ? null : p.sender ? { id: row.senderId!, name: row.senderName ?? "" } : { id: row.contactId, name: row.contactName };
  const view: MessageView = {
    id: Number(row.messageId),
    wid: p.wid,
    ticketId,
    body: p.body,
    fromMe: p.fromMe,
    read: p.fromMe,
    mediaType: p.mediaType,
    mediaUrl: viewMediaUrl(p.mediaKey),
    ack: p.ack,
    isDeleted: false,
    isEdited: false,
    createdAt: row.createdAt!,
    sendStatus: null,
    sendError: null,
    quotedMsg:
      row.quotedId === null
        ? null
        : { id: Number(row.quotedId), body: row.quotedBody ?? "", fromMe: !!row.quotedFromMe, mediaType: row.quotedMediaType },
    contact: sender,
  };
  const notify = !message.fromHistory && !message.fromMe;
  await publish(...ticketSummaryEvents(companyId, summary), messageCreatedEvent(placeOf(companyId, summary), view, notify));
}

const text = (v: string | undefined) => (v === undefined ? v : stripNul(v));

// a turn that could not be decided ahead is decided after the message, as any other
function noAhead(err: unknown) {
  console.error("[ingest] bot turn ahead failed:", err);
  return null;
}

// the chatbot hook reads the state itself when the kept context could not be had
function noBotState(err: unknown) {
  console.error("[ingest] bot context failed:", err);
  return undefined;
}

/**
 * Postgres refuses NUL in text and jsonb, and WhatsApp can deliver one (in a text, a contact's or
 * group's name, a file name): the message is stored without it rather than lost.
 */
export function withoutNul(m: InboundMessage): InboundMessage {
  return {
    ...m,
    wid: text(m.wid)!,
    chatId: text(m.chatId)!,
    from: m.from && { ...m.from, number: text(m.from.number)!, name: text(m.from.name), lid: text(m.from.lid) },
    groupName: text(m.groupName),
    body: text(m.body)!,
    media: m.media && { path: stripNul(m.media.path), mimetype: stripNul(m.media.mimetype), filename: stripNul(m.media.filename) },
    quotedWid: text(m.quotedWid),
  };
}

function rawJson(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  try {
    const json = JSON.stringify(raw, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
    // jsonb refuses "\u0000" too; the rare raw message holding one is rebuilt without it
    return json.includes("\\u0000") ? JSON.stringify(stripNulDeep(JSON.parse(json))) : json;
  } catch {
    return null;
  }
}
