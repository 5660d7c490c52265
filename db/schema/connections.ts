import { relations, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { checkIn, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { queueIntegrations } from "./integrations";
import { prompts } from "./prompts";
import { queues } from "./queues";

// spec: statuses seen on connections
export const connectionStatuses = ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING", "CONNECTED"] as const;
// start: connect (or retry); restart: drop the session and pair again (new QR); logout: disconnect
export const sessionRequests = ["start", "restart", "logout"] as const;
// why a connection is not connected (issue 33 part 4; the page translates each): WhatsApp refused
// the client's version (405), the phone logged this device out (401), another session replaced this
// one (440), WhatsApp asked for a restart (515), the connection never opened, the network
// (500: WhatsApp cannot read this device's session; repeated, it must be paired again)
export const disconnectReasons = ["versionRefused", "loggedOut", "replaced", "restartRequired", "badSession", "neverOpened", "network"] as const;
export type DisconnectReason = (typeof disconnectReasons)[number];
// why a real number's unsolicited sends wait (issue 33 part 6): its hour or day cap, or WhatsApp
// restricted the account (a 463 refusal)
export const sendPauseReasons = ["hourCap", "dayCap", "restricted"] as const;
export type SendPauseReason = (typeof sendPauseReasons)[number];
// beta: Baileys; sandbox: the simulated phone of the demo tenant and the e2e tests
export const connectionProviders = ["beta", "sandbox"] as const;

/** WhatsApp connections ("whatsapps" in the spec's API). */
export const whatsapps = pgTable(
  "whatsapps",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    name: text("name").notNull(),
    status: text("status").notNull().default("DISCONNECTED"),
    qrcode: text("qrcode").notNull().default(""),
    retries: integer("retries").notNull().default(0),
    isDefault: boolean("is_default").notNull().default(false),
    greetingMessage: text("greeting_message").notNull().default(""),
    complationMessage: text("complation_message").notNull().default(""),
    outOfHoursMessage: text("out_of_hours_message").notNull().default(""),
    ratingMessage: text("rating_message").notNull().default(""),
    // bearer token of the external message API (POST /api/messages/send)
    token: text("token").unique(),
    // messages a minute the external API accepts with this connection's token
    apiRateLimit: integer("api_rate_limit").notNull().default(60),
    // signed webhooks to an external system (lib/webhooks): where, the secret (sealed with
    // lib/crypto/secret-box), and which events (message.received, message.ack, ticket.created, ticket.closed)
    webhookUrl: text("webhook_url"),
    webhookSecret: text("webhook_secret"),
    webhookEvents: text("webhook_events").array().notNull().default(sql`'{}'::text[]`),
    provider: text("provider").notNull().default("beta"),
    transferQueueId: integer("transfer_queue_id").references((): AnyPgColumn => queues.id, {
      onDelete: "set null",
    }),
    promptId: integer("prompt_id").references((): AnyPgColumn => prompts.id, { onDelete: "set null" }),
    integrationId: integer("integration_id").references((): AnyPgColumn => queueIntegrations.id, {
      onDelete: "set null",
    }),
    // minutes without an answer before a pending ticket moves to transferQueueId
    timeToTransfer: integer("time_to_transfer"),
    // minutes of customer inactivity before an open ticket is closed (0: never)
    expiresTicket: integer("expires_ticket").notNull().default(0),
    expiresInactiveMessage: text("expires_inactive_message").notNull().default(""),
    timeUseBotQueues: integer("time_use_bot_queues").notNull().default(0),
    maxUseBotQueues: integer("max_use_bot_queues").notNull().default(3),
    // the paired phone number
    number: text("number"),
    // the worker holding this connection's socket, until leaseExpiresAt unless renewed
    // what an admin asked of the session (start, restart for a new QR, logout), for the worker
    // owning the connection to carry out; cleared when done
    sessionRequest: text("session_request"),
    sessionRequestedAt: timestamp("session_requested_at", tz),
    leaseOwner: text("lease_owner"),
    // when the connection last became CONNECTED (inactivity expiry waits a grace period after it)
    connectedAt: timestamp("connected_at", tz),
    // why it is not connected (migration 0015): the provider's code and a reason the page translates
    disconnectCode: integer("disconnect_code"),
    disconnectReason: text("disconnect_reason").$type<DisconnectReason>(),
    // an admin must act (re-pair, stop the other session): the connection will not heal by itself
    needsAttention: boolean("needs_attention").notNull().default(false),
    // when its admins were last mailed that it needs attention (migration 0016): once a day at most
    attentionMailedAt: timestamp("attention_mailed_at", tz),
    // the WhatsApp Web version that last opened ("2.3000.N"): the version resolver's fallback
    waVersion: text("wa_version"),
    // the send pacer of a real number (migration 0017, lib/whatsapp/worker/send-pacer.ts): the least
    // gap between two unsolicited sends, their caps per rolling hour and day, and the pause written
    // when a cap is reached or WhatsApp restricted the account
    sendMinGapSeconds: integer("send_min_gap_seconds").notNull().default(10),
    sendHourCap: integer("send_hour_cap").notNull().default(40),
    sendDayCap: integer("send_day_cap").notNull().default(200),
    sendPausedUntil: timestamp("send_paused_until", tz),
    sendPauseReason: text("send_pause_reason").$type<SendPauseReason>(),
    // when this real number's next batch of contact-list number checks goes (migration 0018): written
    // by the worker as a batch goes, null when none is planned; the contact list page counts down to it
    numberCheckNextAt: timestamp("number_check_next_at", tz),
    // the UTC day's number lookups so far (background checks and campaigns' own), against the daily
    // cap: a restarted worker goes on counting
    numberChecksDay: date("number_checks_day", { mode: "string" }),
    numberChecksCount: integer("number_checks_count").notNull().default(0),
    leaseExpiresAt: timestamp("lease_expires_at", tz),
    ...timestamps(),
  },
  (t) => [
    // also serves the company's connection list (company_id first)
    unique("whatsapps_company_name_unique").on(t.companyId, t.name),
    checkIn("whatsapps_status_check", t.status, connectionStatuses),
    checkIn("whatsapps_provider_check", t.provider, connectionProviders),
    checkIn("whatsapps_session_request_check", t.sessionRequest, sessionRequests),
    checkIn("whatsapps_disconnect_reason_check", t.disconnectReason, disconnectReasons),
    check("whatsapps_send_limits_check", sql`${t.sendMinGapSeconds} >= 0 AND ${t.sendHourCap} > 0 AND ${t.sendDayCap} > 0`),
    checkIn("whatsapps_send_pause_reason_check", t.sendPauseReason, sendPauseReasons),
  ],
);

/** Queues offered by a connection's chatbot. */
export const whatsappQueues = pgTable(
  "whatsapp_queues",
  {
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    queueId: integer("queue_id")
      .notNull()
      .references(() => queues.id, { onDelete: "cascade" }),
    companyId: companyIdColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.queueId] }),
    // connections of a queue and the queue-delete cascade
    index("whatsapp_queues_queue_idx").on(t.queueId),
  ],
);

/**
 * Baileys auth state, one row per key: creds is type 'creds' with key_id ''; signal keys are
 * (type, id). value is the JSON text written with Baileys' BufferJSON replacer.
 */
export const whatsappAuthKeys = pgTable(
  "whatsapp_auth_keys",
  {
    companyId: companyIdColumn(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    keyId: text("key_id").notNull().default(""),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.type, t.keyId] })],
);

export const whatsappsRelations = relations(whatsapps, ({ one, many }) => ({
  queues: many(whatsappQueues),
  transferQueue: one(queues, { fields: [whatsapps.transferQueueId], references: [queues.id] }),
  prompt: one(prompts, { fields: [whatsapps.promptId], references: [prompts.id] }),
  integration: one(queueIntegrations, { fields: [whatsapps.integrationId], references: [queueIntegrations.id] }),
}));

export const whatsappQueuesRelations = relations(whatsappQueues, ({ one }) => ({
  whatsapp: one(whatsapps, { fields: [whatsappQueues.whatsappId], references: [whatsapps.id] }),
  queue: one(queues, { fields: [whatsappQueues.queueId], references: [queues.id] }),
}));

/** One unsolicited send of a real number (a new recipient reached): the pacer's caps count them. */
export const whatsappSends = pgTable(
  "whatsapp_sends",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyIdColumn(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    sentAt: timestamp("sent_at", tz).notNull().defaultNow(),
  },
  (t) => [index("whatsapp_sends_connection_idx").on(t.whatsappId, t.sentAt)],
);
