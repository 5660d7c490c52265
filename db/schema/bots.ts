import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { tickets } from "./tickets";

export const botTargetKinds = ["prompt", "integration"] as const;
export const botTurnStatuses = ["pending", "running", "done", "failed"] as const;

/**
 * Bot turns (issue 17 §3): one customer message for a ticket's prompt or integration to answer,
 * written when the chatbot hands the message over and run outside ingest, one at a time per ticket
 * in id order (claimed like the outbox: lease, SKIP LOCKED). A turn that fails (timeout, error,
 * rate limit) hands the ticket to an agent; the customer's message is never lost.
 */
export const botTurns = pgTable(
  "bot_turns",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyIdColumn(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    // the customer's message the turn answers (null: a turn not caused by a message, e.g. a restart)
    messageId: bigint("message_id", { mode: "number" }),
    targetKind: text("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    // true for the message that moved the ticket into the bot's queue
    isFirst: boolean("is_first").notNull().default(false),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", tz),
    // not before this time (a continuation after a wait action)
    dueAt: timestamp("due_at", tz).notNull().defaultNow(),
    error: text("error"),
    ...timestamps(),
  },
  (t) => [
    // the runner's scan: unfinished turns, oldest first per ticket
    index("bot_turns_open_idx").on(t.ticketId, t.id).where(sql`${t.status} in ('pending', 'running')`),
    index("bot_turns_due_idx").on(t.dueAt).where(sql`${t.status} = 'pending'`),
    // the company-delete cascade
    index("bot_turns_company_idx").on(t.companyId),
    checkIn("bot_turns_status_check", t.status, botTurnStatuses),
    checkIn("bot_turns_target_kind_check", t.targetKind, botTargetKinds),
  ],
);

/**
 * A provider's conversation state per ticket and target (a Typebot session id, a Dialogflow session),
 * forgotten after `expiresAt` (Typebot: `typebotExpires` minutes of silence).
 */
export const botSessions = pgTable(
  "bot_sessions",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    targetKind: text("target_kind").notNull(),
    targetId: integer("target_id").notNull(),
    companyId: companyIdColumn(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", tz),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.targetKind, t.targetId] }),
    index("bot_sessions_company_idx").on(t.companyId),
    checkIn("bot_sessions_target_kind_check", t.targetKind, botTargetKinds),
  ],
);
