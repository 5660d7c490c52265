import { relations } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { contacts } from "./contacts";
import { tickets } from "./tickets";
import { users } from "./users";

/** Messages scheduled to a contact at a given time. */
export const schedules = pgTable(
  "schedules",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    body: text("body").notNull(),
    sendAt: timestamp("send_at", tz).notNull(),
    sentAt: timestamp("sent_at", tz),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    // PENDENTE, then the job's states (ENVIADA, ERRO shown as "Erro de Envio", ...)
    status: text("status").notNull().default("PENDENTE"),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    attempts: integer("attempts").notNull().default(0),
    error: text("error"),
    ...timestamps(),
  },
  (t) => [
    // the due-job scan across companies: status = 'PENDENTE' and send_at <= now()
    index("schedules_status_send_at_idx").on(t.status, t.sendAt),
    // the schedules calendar of a company
    index("schedules_company_send_at_idx").on(t.companyId, t.sendAt),
    // the contact-delete cascade
    index("schedules_contact_idx").on(t.contactId),
  ],
);

export const schedulesRelations = relations(schedules, ({ one }) => ({
  contact: one(contacts, { fields: [schedules.contactId], references: [contacts.id] }),
  ticket: one(tickets, { fields: [schedules.ticketId], references: [tickets.id] }),
  user: one(users, { fields: [schedules.userId], references: [users.id] }),
}));
