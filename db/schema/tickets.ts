import { relations, sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";
import { contacts } from "./contacts";
import { queueIntegrations } from "./integrations";
import { messages } from "./messages";
import { prompts } from "./prompts";
import { queueOptions, queues } from "./queues";
import { tags } from "./tags";
import { users } from "./users";

export const ticketStatuses = ["pending", "open", "closed"] as const;

/** Customer conversations. */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom().unique(),
    companyId: companyIdColumn(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    queueId: integer("queue_id").references(() => queues.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status").notNull().default("pending"),
    isGroup: boolean("is_group").notNull().default(false),
    unreadMessages: integer("unread_messages").notNull().default(0),
    lastMessage: text("last_message").notNull().default(""),
    chatbot: boolean("chatbot").notNull().default(false),
    useIntegration: boolean("use_integration").notNull().default(false),
    integrationId: integer("integration_id").references(() => queueIntegrations.id, { onDelete: "set null" }),
    promptId: integer("prompt_id").references(() => prompts.id, { onDelete: "set null" }),
    amountUsedBotQueues: integer("amount_used_bot_queues").notNull().default(0),
    // where the chatbot is in the queue's option tree
    queueOptionId: integer("queue_option_id").references(() => queueOptions.id, { onDelete: "set null" }),
    lastBotMessageAt: timestamp("last_bot_message_at", tz),
    ...timestamps(),
  },
  (t) => [
    // at most one non-closed ticket per contact and connection, so concurrent inbound messages
    // never open two (a null whatsapp_id is not constrained)
    uniqueIndex("tickets_contact_whatsapp_open_idx")
      .on(t.contactId, t.whatsappId)
      .where(sql`${t.status} <> 'closed'`),
    // ticket list by status tab, newest activity first
    index("tickets_company_status_updated_idx").on(t.companyId, t.status, t.updatedAt.desc().nullsFirst()),
    // ticket list filtered by queue (non-admins see their queues only)
    index("tickets_company_queue_status_updated_idx")
      .on(t.companyId, t.queueId, t.status, t.updatedAt.desc().nullsFirst()),
    // "my tickets" (open tab) and the user filter of the search tab
    index("tickets_company_user_status_updated_idx")
      .on(t.companyId, t.userId, t.status, t.updatedAt.desc().nullsFirst()),
    // the search tab (every status) newest activity first, the updatedAt filter, and the keyset
    // walk of a text search matching many messages (lib/tickets/search)
    index("tickets_company_updated_idx").on(t.companyId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the `date` filter (tickets created that day)
    index("tickets_company_created_idx").on(t.companyId, t.createdAt),
    // withUnreadMessages (the bell and the unread filter): the few tickets with unread messages
    index("tickets_company_unread_idx")
      .on(t.companyId, t.status, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.unreadMessages} > 0`),
    // tickets of a contact (new-ticket conflict check, contact delete cascade)
    index("tickets_contact_idx").on(t.contactId),
    checkIn("tickets_status_check", t.status, ticketStatuses),
  ],
);

/** Tags on tickets (also the kanban lane of a ticket). */
export const ticketTags = pgTable(
  "ticket_tags",
  {
    ticketId: integer("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.tagId] }),
    // tickets of a tag: tag filter of the ticket lists, kanban lanes, tag ticket counts (with the
    // ticket id, so the tag filter reads the index alone)
    index("ticket_tags_tag_idx").on(t.tagId, t.ticketId),
  ],
);

export const ticketsRelations = relations(tickets, ({ one, many }) => ({
  contact: one(contacts, { fields: [tickets.contactId], references: [contacts.id] }),
  whatsapp: one(whatsapps, { fields: [tickets.whatsappId], references: [whatsapps.id] }),
  queue: one(queues, { fields: [tickets.queueId], references: [queues.id] }),
  user: one(users, { fields: [tickets.userId], references: [users.id] }),
  integration: one(queueIntegrations, { fields: [tickets.integrationId], references: [queueIntegrations.id] }),
  prompt: one(prompts, { fields: [tickets.promptId], references: [prompts.id] }),
  queueOption: one(queueOptions, { fields: [tickets.queueOptionId], references: [queueOptions.id] }),
  tags: many(ticketTags),
  messages: many(messages),
}));

export const ticketTagsRelations = relations(ticketTags, ({ one }) => ({
  ticket: one(tickets, { fields: [ticketTags.ticketId], references: [tickets.id] }),
  tag: one(tags, { fields: [ticketTags.tagId], references: [tags.id] }),
}));
