import { sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { checkIn, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";

// live: arrived while connected; held: WhatsApp kept it while no socket was up; history: history sync
export const inboxKinds = ["live", "held", "history"] as const;
export type InboxKind = (typeof inboxKinds)[number];

/**
 * What a provider received, written at receipt before media download, LID lookup or ingest
 * (issue 33 part 2; migration 0014 says why each column is there). The drain
 * (lib/whatsapp/worker/inbox-drain.ts) deletes a row once its message is stored.
 */
export const whatsappInbox = pgTable(
  "whatsapp_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyIdColumn(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    wid: text("wid").notNull(),
    // the chat as the provider addresses it: rows of one chat are read in order
    chat: text("chat").notNull(),
    kind: text("kind").$type<InboxKind>().notNull(),
    botTurn: boolean("bot_turn").notNull().default(true),
    // the provider's raw message as JSON text (Baileys: BufferJSON)
    payload: text("payload").notNull(),
    receivedAt: timestamp("received_at", tz).defaultNow().notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", tz).defaultNow().notNull(),
    // the sender WhatsApp has not identified yet (a LID with no known number)
    waitingFor: text("waiting_for"),
    lastError: text("last_error"),
  },
  (t) => [
    unique("whatsapp_inbox_connection_wid_unique").on(t.whatsappId, t.wid),
    index("whatsapp_inbox_due_idx").on(t.whatsappId, t.id).where(sql`${t.waitingFor} is null`),
    index("whatsapp_inbox_waiting_idx").on(t.whatsappId, t.waitingFor).where(sql`${t.waitingFor} is not null`),
    checkIn("whatsapp_inbox_kind_check", t.kind, inboxKinds),
  ],
);
