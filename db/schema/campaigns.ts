import { relations, sql } from "drizzle-orm";
import { bigserial, boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
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
    // three-state: null not checked yet, true on WhatsApp, false not on WhatsApp
    isWhatsappValid: boolean("is_whatsapp_valid"),
    // when the connection last answered for this number (null: never)
    whatsappCheckedAt: timestamp("whatsapp_checked_at", tz),
    ...timestamps(),
  },
  (t) => [
    // one entry per number in a list (import upsert)
    unique("contact_list_items_list_number_unique").on(t.contactListId, t.number),
    // GET /contact-list-items: the items of a list by name
    index("contact_list_items_list_name_idx").on(t.contactListId, t.name, t.id),
    // the background validity check: numbers of a company not checked yet
    index("contact_list_items_unchecked_idx").on(t.companyId, t.id).where(sql`${t.isWhatsappValid} is null`),
  ],
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

/** A recipient's progress (campaign_shipping.status). */
export const shippingStatuses = ["pending", "queued", "confirming", "delivered", "invalid", "failed"] as const;

/**
 * One recipient of a campaign, fixed when the campaign starts (list items, or the contacts of the
 * tag), unique on (campaign, number): the claim that makes each number get the campaign once.
 */
export const campaignShipping = pgTable(
  "campaign_shipping",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    // the contact list item it came from (null for tag recipients, or once the item is deleted)
    contactId: integer("contact_id").references(() => contactListItems.id, { onDelete: "set null" }),
    number: text("number").notNull(),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    status: text("status").notNull().default("pending"),
    // when its turn comes (the campaign's intervals); null while the campaign is stopped
    dueAt: timestamp("due_at", tz),
    // the texts picked for this recipient (a random filled variant, variables replaced)
    message: text("message").notNull().default(""),
    confirmationMessage: text("confirmation_message").notNull().default(""),
    confirmation: boolean("confirmation").notNull().default(false),
    deliveredAt: timestamp("delivered_at", tz),
    confirmationRequestedAt: timestamp("confirmation_requested_at", tz),
    confirmedAt: timestamp("confirmed_at", tz),
    error: text("error"),
    jobId: text("job_id"),
    ...timestamps(),
  },
  (t) => [
    unique("campaign_shipping_campaign_number_unique").on(t.campaignId, t.number),
    // the report's counts and the campaign's finish check
    index("campaign_shipping_campaign_status_idx").on(t.campaignId, t.status),
    // the dispatcher's scan: recipients whose turn has come
    index("campaign_shipping_due_idx").on(t.dueAt, t.id).where(sql`${t.status} = 'pending' and ${t.dueAt} is not null`),
    // an inbound message answering a confirmation request
    index("campaign_shipping_confirming_idx").on(t.number).where(sql`${t.status} = 'confirming'`),
    // the list-item set-null
    index("campaign_shipping_contact_idx").on(t.contactId),
    checkIn("campaign_shipping_status_check", t.status, shippingStatuses),
  ],
);

export const campaignMessageKinds = ["confirmation", "message"] as const;
export const campaignMessageStatuses = ["pending", "sending", "sent", "failed", "cancelled"] as const;

/**
 * The campaign outbox: what the worker holding the connection sends for a recipient (the
 * confirmation request, or the message then its attachment and file-list files), each with a
 * fixed WhatsApp id. No ticket: one opens when the customer answers.
 */
export const campaignMessages = pgTable(
  "campaign_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyIdColumn(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    shippingId: integer("shipping_id")
      .notNull()
      .references(() => campaignShipping.id, { onDelete: "cascade" }),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    // order within the recipient's send (0 the text, then the attachment, then the files)
    position: integer("position").notNull().default(0),
    wid: text("wid").notNull(),
    number: text("number").notNull(),
    body: text("body").notNull().default(""),
    mediaPath: text("media_path"),
    mediaType: text("media_type"),
    mediaName: text("media_name"),
    // check the number with the provider before sending (its validity is still unknown)
    checkNumber: boolean("check_number").notNull().default(false),
    sendStatus: text("send_status").notNull().default("pending"),
    sendAttempts: integer("send_attempts").notNull().default(0),
    sendError: text("send_error"),
    sentAt: timestamp("sent_at", tz),
    // the message as sent (WhatsApp's retry requests: getMessage), found by (whatsapp_id, wid)
    dataJson: jsonb("data_json"),
    ...timestamps(),
  },
  (t) => [
    index("campaign_messages_wid_idx").on(t.whatsappId, t.wid),
    // a recipient's message parts are written once
    unique("campaign_messages_shipping_part_unique").on(t.shippingId, t.kind, t.position),
    // the worker's outbox scan of its connection
    index("campaign_messages_outbox_idx").on(t.whatsappId, t.id).where(sql`${t.sendStatus} in ('pending', 'sending')`),
    index("campaign_messages_campaign_idx").on(t.campaignId, t.sendStatus),
    checkIn("campaign_messages_kind_check", t.kind, campaignMessageKinds),
    checkIn("campaign_messages_status_check", t.sendStatus, campaignMessageStatuses),
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
  messages: many(campaignMessages),
}));

export const campaignShippingRelations = relations(campaignShipping, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignShipping.campaignId], references: [campaigns.id] }),
  contact: one(contactListItems, { fields: [campaignShipping.contactId], references: [contactListItems.id] }),
}));
