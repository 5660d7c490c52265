import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companies, companyIdColumn } from "./companies";
import { whatsapps } from "./connections";
import { queues } from "./queues";

export const userProfiles = ["admin", "user", "supervisor"] as const;
export const allTicketValues = ["enable", "disable"] as const;

/** Company staff. The super flag marks platform administrators. */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    profile: text("profile").notNull().default("user"),
    super: boolean("super").notNull().default(false),
    // enable: the user also sees (and is notified of) pending tickets outside their queues
    allTicket: text("all_ticket").notNull().default("disable"),
    // default connection for tickets the user opens
    whatsappId: integer("whatsapp_id").references((): AnyPgColumn => whatsapps.id, { onDelete: "set null" }),
    // bumped on login/logout: tokens carrying an older version are refused ("logged in elsewhere")
    tokenVersion: integer("token_version").notNull().default(0),
    online: boolean("online").notNull().default(false),
    lastSeenAt: timestamp("last_seen_at", tz),
    locale: text("locale"),
    resetToken: text("reset_token"),
    resetTokenExpiresAt: timestamp("reset_token_expires_at", tz),
    ...timestamps(),
  },
  (t) => [
    // login and the "email already in use" check: case-insensitive, across all companies
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    // users list of a company
    index("users_company_idx").on(t.companyId),
    checkIn("users_profile_check", t.profile, userProfiles),
    checkIn("users_all_ticket_check", t.allTicket, allTicketValues),
  ],
);

/** Queues a user attends. */
export const userQueues = pgTable(
  "user_queues",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references((): AnyPgColumn => queues.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.queueId] }),
    // users of a queue (transfer targets, notifications) and the queue-delete cascade
    index("user_queues_queue_idx").on(t.queueId),
  ],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  company: one(companies, { fields: [users.companyId], references: [companies.id] }),
  whatsapp: one(whatsapps, { fields: [users.whatsappId], references: [whatsapps.id] }),
  queues: many(userQueues),
}));

export const userQueuesRelations = relations(userQueues, ({ one }) => ({
  user: one(users, { fields: [userQueues.userId], references: [users.id] }),
  queue: one(queues, { fields: [userQueues.queueId], references: [queues.id] }),
}));
