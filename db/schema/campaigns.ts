import { relations } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";
import { fileLists } from "./files";
import { tags } from "./tags";

export const campaignStatuses = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;

/** Contact lists campaigns are sent to. */
export const contactLists = pgTable(
  "contact_lists",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    ...timestamps(),
  },
  // GET /contact-lists: lists of a company by name
  (t) => [index("contact_lists_company_name_idx").on(t.companyId, t.name)],
);

export const contactListItems = pgTable(
  "contact_list_items",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    contactListId: integer("contact_list_id")
      .notNull()
      .references(() => contactLists.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    number: text("number").notNull(),
    email: text("email").notNull().default(""),
    isWhatsappValid: boolean("is_whatsapp_valid").notNull().default(false),
    ...timestamps(),
  },
  // one entry per number in a list (import upsert); also serves the items of a list
  (t) => [unique("contact_list_items_list_number_unique").on(t.contactListId, t.number)],
);

/** Bulk message campaigns. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    message1: text("message1").notNull().default(""),
    message2: text("message2").notNull().default(""),
    message3: text("message3").notNull().default(""),
    message4: text("message4").notNull().default(""),
    message5: text("message5").notNull().default(""),
    confirmationMessage1: text("confirmation_message1").notNull().default(""),
    confirmationMessage2: text("confirmation_message2").notNull().default(""),
    confirmationMessage3: text("confirmation_message3").notNull().default(""),
    confirmationMessage4: text("confirmation_message4").notNull().default(""),
    confirmationMessage5: text("confirmation_message5").notNull().default(""),
    status: text("status").notNull().default("INATIVA"),
    confirmation: boolean("confirmation").notNull().default(false),
    scheduledAt: timestamp("scheduled_at", tz),
    completedAt: timestamp("completed_at", tz),
    whatsappId: integer("whatsapp_id").references(() => whatsapps.id, { onDelete: "set null" }),
    contactListId: integer("contact_list_id").references(() => contactLists.id, { onDelete: "set null" }),
    // send to the contacts whose tickets carry this tag
    tagListId: integer("tag_list_id").references(() => tags.id, { onDelete: "set null" }),
    fileListId: integer("file_list_id").references(() => fileLists.id, { onDelete: "set null" }),
    mediaPath: text("media_path"),
    mediaName: text("media_name"),
    ...timestamps(),
  },
  (t) => [
    // GET /campaigns: campaigns of a company, newest first
    index("campaigns_company_created_idx").on(t.companyId, t.createdAt.desc().nullsFirst()),
    // the scheduler's scan for due PROGRAMADA campaigns
    index("campaigns_status_scheduled_idx").on(t.status, t.scheduledAt),
    checkIn("campaigns_status_check", t.status, campaignStatuses),
  ],
);

/** Campaign settings per company: messageInterval, longerIntervalAfter, greaterInterval, variables. */
export const campaignSettings = pgTable(
  "campaign_settings",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    key: text("key").notNull(),
    // JSON text (numbers, or the variables list)
    value: text("value").notNull().default(""),
    ...timestamps(),
  },
  // one value per key; also serves GET /campaign-settings
  (t) => [unique("campaign_settings_company_key_unique").on(t.companyId, t.key)],
);

/** One delivery of a campaign to one list item (report, confirmation flow, job idempotency). */
export const campaignShipping = pgTable(
  "campaign_shipping",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    // the contact list item
    contactId: integer("contact_id").references(() => contactListItems.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    message: text("message").notNull().default(""),
    confirmationMessage: text("confirmation_message").notNull().default(""),
    confirmation: boolean("confirmation").notNull().default(false),
    deliveredAt: timestamp("delivered_at", tz),
    confirmationRequestedAt: timestamp("confirmation_requested_at", tz),
    confirmedAt: timestamp("confirmed_at", tz),
    jobId: text("job_id"),
    ...timestamps(),
  },
  (t) => [
    // one shipping per campaign and item (a retried job never sends twice); also the report counts
    unique("campaign_shipping_campaign_contact_unique").on(t.campaignId, t.contactId),
    // the list-item set-null
    index("campaign_shipping_contact_idx").on(t.contactId),
  ],
);

export const contactListsRelations = relations(contactLists, ({ many }) => ({
  items: many(contactListItems),
}));

export const contactListItemsRelations = relations(contactListItems, ({ one }) => ({
  contactList: one(contactLists, { fields: [contactListItems.contactListId], references: [contactLists.id] }),
}));

export const campaignsRelations = relations(campaigns, ({ one, many }) => ({
  whatsapp: one(whatsapps, { fields: [campaigns.whatsappId], references: [whatsapps.id] }),
  contactList: one(contactLists, { fields: [campaigns.contactListId], references: [contactLists.id] }),
  tagList: one(tags, { fields: [campaigns.tagListId], references: [tags.id] }),
  fileList: one(fileLists, { fields: [campaigns.fileListId], references: [fileLists.id] }),
  shipping: many(campaignShipping),
}));

export const campaignShippingRelations = relations(campaignShipping, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignShipping.campaignId], references: [campaigns.id] }),
  contact: one(contactListItems, { fields: [campaignShipping.contactId], references: [contactListItems.id] }),
}));
