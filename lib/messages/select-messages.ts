import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db";
import { contacts, messages } from "@/db/schema";
import { viewMediaUrl, type MessageView } from "./message-view";

const quoted = alias(messages, "quoted");

const columns = {
  id: messages.id,
  wid: messages.wid,
  ticketId: messages.ticketId,
  body: messages.body,
  fromMe: messages.fromMe,
  read: messages.read,
  mediaType: messages.mediaType,
  mediaKey: messages.mediaUrl,
  ack: messages.ack,
  isDeleted: messages.isDeleted,
  isEdited: messages.isEdited,
  createdAt: messages.createdAt,
  sendStatus: messages.sendStatus,
  sendError: messages.sendError,
  // a failed message sent again: the new message's id (resend-message.ts)
  resentAs: sql<string | null>`${messages.dataJson}->>'resentAs'`,
  quotedId: quoted.id,
  quotedBody: quoted.body,
  quotedFromMe: quoted.fromMe,
  quotedMediaType: quoted.mediaType,
  contactId: contacts.id,
  contactName: contacts.name,
};

/** messages with their quoted message and sender, as the conversation shows them (caller adds the where). */
export function selectMessages(db: DbOrTx) {
  return db
    .select(columns)
    .from(messages)
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(contacts, eq(contacts.id, messages.contactId));
}

type Row = Awaited<ReturnType<typeof selectMessages>>[number];

export function toMessageView(r: Row): MessageView {
  return {
    id: r.id,
    wid: r.wid,
    ticketId: r.ticketId,
    body: r.body,
    fromMe: r.fromMe,
    read: r.read,
    mediaType: r.mediaType,
    mediaUrl: viewMediaUrl(r.mediaKey),
    ack: r.ack,
    isDeleted: r.isDeleted,
    isEdited: r.isEdited,
    createdAt: r.createdAt,
    sendStatus: r.sendStatus,
    sendError: r.sendError,
    // only on a message resent: the answer of every other message keeps its shape
    ...(r.resentAs === null ? {} : { resentAs: Number(r.resentAs) }),
    quotedMsg:
      r.quotedId === null
        ? null
        : { id: r.quotedId, body: r.quotedBody ?? "", fromMe: !!r.quotedFromMe, mediaType: r.quotedMediaType },
    contact: r.contactId === null ? null : { id: r.contactId, name: r.contactName ?? "" },
  };
}
