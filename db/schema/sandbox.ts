import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";

/**
 * The sandbox provider's "WhatsApp network": the simulated phone writes here through the sandbox
 * API, and the worker running the connection reads it (Postgres is the bus between processes).
 */
export const sandboxSessions = pgTable("sandbox_sessions", {
  whatsappId: integer("whatsapp_id")
    .primaryKey()
    .references(() => whatsapps.id, { onDelete: "cascade" }),
  companyId: companyIdColumn(),
  // the QR code currently shown to pair; scanning it pairs the connection
  qrCode: text("qr_code"),
  pairedAt: timestamp("paired_at", tz),
  // the phone number the connection pairs as
  number: text("number"),
  ...timestamps(),
});

// in: customer -> connection (the worker ingests it); out: connection -> customer (the phone shows it)
export const sandboxDirections = ["in", "out"] as const;

export const sandboxMessages = pgTable(
  "sandbox_messages",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    direction: text("direction").notNull(),
    wid: text("wid").notNull(),
    // the customer's number (digits) and name
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    body: text("body").notNull().default(""),
    mediaType: text("media_type"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    quotedWid: text("quoted_wid"),
    // out rows: 1 sent, 2 delivered, 3 read (set by the phone); the worker reports changes
    ack: integer("ack").notNull().default(0),
    ackReported: boolean("ack_reported").notNull().default(true),
    // in rows: when the worker ingested it
    processedAt: timestamp("processed_at", tz),
    ...timestamps(),
  },
  (t) => [
    // the worker's scan of unprocessed inbound rows of its connection
    index("sandbox_messages_pending_idx").on(t.whatsappId, t.direction, t.processedAt),
    // the phone's conversation with one customer
    index("sandbox_messages_chat_idx").on(t.whatsappId, t.number, t.id),
    // the phone keeps one copy per message id (a send repeated after a crash shows once)
    uniqueIndex("sandbox_messages_wid_unique").on(t.whatsappId, t.direction, t.wid),
    checkIn("sandbox_messages_direction_check", t.direction, sandboxDirections),
  ],
);
