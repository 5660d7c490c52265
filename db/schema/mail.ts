import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns";
import { users } from "./users";

/**
 * The sandbox mailbox: with no SMTP configured (the demo), every mail the product sends is kept
 * here instead, shown to super admins on /sandbox/mail (lib/mail). Platform-wide, not per company.
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
    createdAt: createdAt(),
  },
  // GET /api/sandbox/mail?to=EMAIL, newest first
  (t) => [index("mail_messages_to_created_idx").on(t.to, t.createdAt.desc())],
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
