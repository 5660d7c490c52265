import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns";
import { users } from "./users";

/**
 * Every mail the product sends, as an outbox (ARCHITECTURE rule 4): a row is written in the
 * transaction that decides to send, then delivered through SMTP (`status` pending -> sent, retried
 * with `attempts` / `nextAttemptAt` until it succeeds or gives up as failed). With no SMTP
 * configured (the demo) rows stay `kept`: the sandbox mailbox shown to super admins on
 * /sandbox/mail (lib/mail). Platform-wide, not per company.
 */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    from: text("from").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull().default(""),
    // pending | sent | failed | kept (sandbox mailbox)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", tz),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", tz),
    createdAt: createdAt(),
  },
  (t) => [
    // GET /api/sandbox/mail?to=EMAIL, newest first
    index("mail_messages_to_created_idx").on(t.to, t.createdAt.desc()),
    // the sender's queue: pending mail by next attempt
    index("mail_messages_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * One-time password reset codes (POST /forgetpassword/{email}): stored hashed, valid until
 * `expiresAt`, spent by `usedAt` or by too many wrong tries (`failedAttempts`).
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", tz).notNull(),
    usedAt: timestamp("used_at", tz),
    failedAttempts: integer("failed_attempts").notNull().default(0),
    createdAt: createdAt(),
  },
  // the live code of a user (newest first)
  (t) => [index("password_resets_user_idx").on(t.userId, t.createdAt.desc())],
);
