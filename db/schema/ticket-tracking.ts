import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, timestamp } from "drizzle-orm/pg-core";
import { createdAt, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";
import { queues } from "./queues";
import { tickets } from "./tickets";
import { users } from "./users";

/** One attendance cycle of a ticket: waiting, attended, finished, rated (dashboard times). */
export const ticketTracking = pgTable(
  "ticket_tracking",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    queuedAt: timestamp("queued_at", tz),
    startedAt: timestamp("started_at", tz),
    finishedAt: timestamp("finished_at", tz),
    ratingAt: timestamp("rating_at", tz),
    rated: boolean("rated").notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    // dashboard: finished conversations and average support time in a date range
    // (started_at and user_id ride along so the averages read the index only)
    index("ticket_tracking_company_finished_idx").on(t.companyId, t.finishedAt, t.startedAt, t.userId),
    // dashboard: wait times and conversations per user, cycles started in a date range
    index("ticket_tracking_company_started_idx").on(t.companyId, t.startedAt, t.queuedAt, t.userId),
    // dashboard: conversations per day/hour and per user in a date range
    index("ticket_tracking_company_created_idx").on(t.companyId, t.createdAt),
    // the current cycle of a ticket (updated on accept, close, rating)
    index("ticket_tracking_ticket_idx").on(t.ticketId),
  ],
);

/** Customer ratings of an attendance: 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const userRatings = pgTable(
  "user_ratings",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rate: integer("rate").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // dashboard attendants table: average rating per user
    index("user_ratings_company_user_idx").on(t.companyId, t.userId),
    // the ticket-delete cascade
    index("user_ratings_ticket_idx").on(t.ticketId),
    check("user_ratings_rate_check", sql`${t.rate} between 1 and 3`),
  ],
);

export const ticketTrackingRelations = relations(ticketTracking, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketTracking.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [ticketTracking.userId], references: [users.id] }),
}));

export const userRatingsRelations = relations(userRatings, ({ one }) => ({
  ticket: one(tickets, { fields: [userRatings.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [userRatings.userId], references: [users.id] }),
}));
