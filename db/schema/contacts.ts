import { relations, sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, unique, uuid } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";
import { tickets } from "./tickets";

/** Customers (and groups) of a company. */
export const contacts = pgTable(
  "contacts",
  {
    id: serial("id").primaryKey(),
    uuid: uuid("uuid").notNull().defaultRandom(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    // digits only (country code, area code, number); a group's id for groups
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    profilePicUrl: text("profile_pic_url").notNull().default(""),
    isGroup: boolean("is_group").notNull().default(false),
    // WhatsApp LID, when the provider addresses the contact by it
    lid: text("lid"),
    // the connection the contact first came through
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    ...timestamps(),
  },
  (t) => [
    // one contact per number; inbound-message contact upsert and ERR_DUPLICATED_CONTACT
    unique("contacts_company_number_unique").on(t.companyId, t.number),
    // contacts page ordered by name, and name search
    index("contacts_company_name_idx").on(t.companyId, sql`lower(${t.name})`),
    // GET /api/tickets text search (and the contacts page search): ILIKE '%term%' on name or number
    index("contacts_name_number_trgm_idx").using("gin", t.companyId, sql`${t.name} gin_trgm_ops`, sql`${t.number} gin_trgm_ops`),
    // dashboard "Novos Contatos" and the contacts page's date filters
    index("contacts_company_created_idx").on(t.companyId, t.createdAt),
    // inbound messages addressed by LID
    index("contacts_company_lid_idx").on(t.companyId, t.lid).where(sql`${t.lid} is not null`),
  ],
);

/** Free name/value fields of a contact. */
export const contactExtraInfo = pgTable(
  "contact_extra_info",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    contactId: integer("contact_id")
      .notNull()
      .references(() => contacts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    value: text("value").notNull().default(""),
  },
  // extra info of one contact (contact drawer and edit dialog)
  (t) => [index("contact_extra_info_contact_idx").on(t.contactId)],
);

export const contactsRelations = relations(contacts, ({ one, many }) => ({
  whatsapp: one(whatsapps, { fields: [contacts.whatsappId], references: [whatsapps.id] }),
  extraInfo: many(contactExtraInfo),
  tickets: many(tickets),
}));

export const contactExtraInfoRelations = relations(contactExtraInfo, ({ one }) => ({
  contact: one(contacts, { fields: [contactExtraInfo.contactId], references: [contacts.id] }),
}));
