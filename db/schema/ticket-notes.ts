import { relations } from "drizzle-orm";
import { index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyIdColumn } from "./companies";
import { contacts } from "./contacts";
import { tickets } from "./tickets";
import { users } from "./users";

/** Notes attendants keep about a contact, written from one of its tickets. */
export const ticketNotes = pgTable(
  "ticket_notes",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    note: text("note").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    // notes are about the contact, so they outlive a deleted ticket
    ticketId: integer("ticket_id").references(() => tickets.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // GET /ticket-notes/list?contactId&ticketId (contact drawer), and the contact-delete cascade
    index("ticket_notes_contact_ticket_idx").on(t.contactId, t.ticketId),
    // the ticket-delete set-null
    index("ticket_notes_ticket_idx").on(t.ticketId),
  ],
);

export const ticketNotesRelations = relations(ticketNotes, ({ one }) => ({
  user: one(users, { fields: [ticketNotes.userId], references: [users.id] }),
  contact: one(contacts, { fields: [ticketNotes.contactId], references: [contacts.id] }),
  ticket: one(tickets, { fields: [ticketNotes.ticketId], references: [tickets.id] }),
}));
