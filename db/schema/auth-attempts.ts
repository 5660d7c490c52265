import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { tz } from "./columns";

/**
 * Attempt counters of the abuse limits (lib/auth/attempt-limit.ts): one row per bucket and key
 * (e.g. "login-email" + a lowercased email, "login-address" + a client address), counting attempts
 * in a fixed window. Kept in Postgres so every app instance shares them; one upsert counts an
 * attempt and answers the new count. Never holds a password.
 */
export const authAttempts = pgTable(
  "auth_attempts",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", tz).notNull(),
    // window start + the bucket's window: the row means nothing after it
    expiresAt: timestamp("expires_at", tz).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bucket, t.key] }),
    // the clean-up of expired rows (deleteExpiredAttempts)
    index("auth_attempts_expires_idx").on(t.expiresAt),
  ],
);
