import { relations } from "drizzle-orm";
import { type AnyPgColumn, index, integer, jsonb, pgTable, serial, text, unique } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { type ScheduleEntry, companyIdColumn } from "./companies";
import { whatsappQueues } from "./connections";
import { queueIntegrations } from "./integrations";
import { prompts } from "./prompts";
import { userQueues } from "./users";

/** Queues (departments) tickets are routed to. */
export const queues = pgTable(
  "queues",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    color: text("color").notNull(),
    greetingMessage: text("greeting_message").notNull().default(""),
    // spelling kept from the spec
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    orderQueue: integer("order_queue"),
    integrationId: integer("integration_id").references((): AnyPgColumn => queueIntegrations.id, {
      onDelete: "set null",
    }),
    promptId: integer("prompt_id").references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    // work hours used when the setting scheduleType is "queue"
    schedules: jsonb("schedules").$type<ScheduleEntry[]>().notNull().default([]),
    ...timestamps(),
  },
  // both uniques also serve the company's queue list (company_id first)
  (t) => [
    unique("queues_company_color_unique").on(t.companyId, t.color),
    unique("queues_company_name_unique").on(t.companyId, t.name),
  ],
);

/** The chatbot option tree of a queue (roots have no parent). */
export const queueOptions = pgTable(
  "queue_options",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnyPgColumn => queueOptions.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    message: text("message").notNull().default(""),
    // the key the customer types to choose it; also the display order
    option: text("option").notNull().default(""),
    ...timestamps(),
  },
  (t) => [
    // GET /queue-options?queueId&parentId: children of one node (roots: parent_id is null)
    index("queue_options_queue_parent_idx").on(t.queueId, t.parentId),
    // the parent-delete cascade
    index("queue_options_parent_idx").on(t.parentId),
  ],
);

export const queuesRelations = relations(queues, ({ one, many }) => ({
  integration: one(queueIntegrations, { fields: [queues.integrationId], references: [queueIntegrations.id] }),
  prompt: one(prompts, { fields: [queues.promptId], references: [prompts.id] }),
  options: many(queueOptions),
  users: many(userQueues),
  whatsapps: many(whatsappQueues),
}));

export const queueOptionsRelations = relations(queueOptions, ({ one, many }) => ({
  queue: one(queues, { fields: [queueOptions.queueId], references: [queues.id] }),
  parent: one(queueOptions, {
    fields: [queueOptions.parentId],
    references: [queueOptions.id],
    relationName: "queue_option_children",
  }),
  children: many(queueOptions, { relationName: "queue_option_children" }),
}));
