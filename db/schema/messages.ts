import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";
import { contacts } from "./contacts";
import { tickets } from "./tickets";

// outbox states of an outbound message; null for inbound messages
// (cancelled: deleted by the agent before the worker sent it; never sent)
export const messageSendStatuses = ["pending", "sending", "sent", "failed", "cancelled"] as const;
// who or what wrote an outbound message (migration 0017; null: not recorded). The send pacer holds
// `schedule` and `api` rows to a number silent for 24 h (lib/whatsapp/worker/send-pacer.ts)
export const messageSenderKinds = ["agent", "bot", "system", "campaign", "schedule", "api", "phone"] as const;
export type MessageSenderKind = (typeof messageSenderKinds)[number];

/** Messages of a ticket, inbound and outbound. Outbound rows are also the worker's outbox. */
export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyIdColumn(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    // the contact who sent an inbound message (the participant's contact in groups)
    contactId: integer("contact_id").references(() => contacts.id, { onDelete: "set null" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    // the WhatsApp message id; generated before sending for outbound messages
    wid: text("wid").notNull(),
    body: text("body").notNull().default(""),
    fromMe: boolean("from_me").notNull().default(false),
    read: boolean("read").notNull().default(false),
    // image, audio, video, locationMessage, vcard, application, call_log, ...
    mediaType: text("media_type"),
    mediaUrl: text("media_url"),
    quotedMsgId: bigint("quoted_msg_id", { mode: "number" }).references((): AnyPgColumn => messages.id, {
      onDelete: "set null",
    }),
    // 1 sent, 2 delivered, 3 read, 4 and 5 read/played
    ack: integer("ack").notNull().default(0),
    isDeleted: boolean("is_deleted").notNull().default(false),
    isEdited: boolean("is_edited").notNull().default(false),
    // sender jid in groups
    participant: text("participant"),
    // raw provider message (replies, media re-download)
    dataJson: jsonb("data_json"),
    sendStatus: text("send_status"),
    sendError: text("send_error"),
    sendAttempts: integer("send_attempts").notNull().default(0),
    senderKind: text("sender_kind").$type<MessageSenderKind>(),
    // DELETE /api/messages/{id}: the worker revokes it on WhatsApp (deleteForEveryone), then clears this
    revokeRequestedAt: timestamp("revoke_requested_at", tz),
    // an inbound message the bot's turn answered (written with the turn, migration 0020): a delivery
    // of it again runs no turn (lib/messages/after-inbound.ts)
    turnTakenAt: timestamp("turn_taken_at", tz),
    ...timestamps(),
  },
  (t) => [
    // inbound upsert key: a replayed provider event never duplicates a message; acks/edits by wid
    unique("messages_whatsapp_wid_unique").on(t.whatsappId, t.wid),
    // GET /messages/{ticketId}: pages of a ticket, newest first (keyset on created_at, id)
    index("messages_ticket_created_idx").on(t.ticketId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the worker's outbox scan of one connection
    index("messages_outbox_idx")
      .on(t.whatsappId, t.sendStatus)
      .where(sql`${t.sendStatus} in ('pending', 'sending')`),
    // the worker's revoke scan of one connection (a handful of rows at any time)
    index("messages_revoke_idx")
      .on(t.whatsappId)
      .where(sql`${t.revokeRequestedAt} is not null`),
    // GET /api/tickets text search: messages of a company containing the term (ILIKE '%term%';
    // pg_trgm folds case itself). company_id (btree_gin) keeps a small company's search from
    // reading a big one's matches of a common word
    index("messages_body_trgm_idx").using("gin", t.companyId, sql`${t.body} gin_trgm_ops`),
    // GET /api/media/{key}: the messages holding a key decide who may read it
    // (lib/storage/media-access.ts, migration 0022); most messages carry no media
    index("messages_company_media_idx")
      .on(t.companyId, t.mediaUrl)
      .where(sql`${t.mediaUrl} is not null`),
    checkIn("messages_send_status_check", t.sendStatus, messageSendStatuses),
    checkIn("messages_sender_kind_check", t.senderKind, messageSenderKinds),
  ],
);

export const messagesRelations = relations(messages, ({ one }) => ({
  ticket: one(tickets, { fields: [messages.ticketId], references: [tickets.id] }),
  contact: one(contacts, { fields: [messages.contactId], references: [contacts.id] }),
  whatsapp: one(whatsapps, { fields: [messages.whatsappId], references: [whatsapps.id] }),
  quotedMsg: one(messages, { fields: [messages.quotedMsgId], references: [messages.id], relationName: "quoted" }),
}));
