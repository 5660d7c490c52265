import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { whatsapps } from "./connections";

/**
 * `Idempotency-Key` of POST /api/messages/send: the first request with a key on a connection holds
 * the row (`pending`), sends, and stores its answer (`done`); the same key within 24 h answers that
 * answer again and sends nothing, or 422 when its request differs. The unique key makes two racing
 * requests one.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    // SHA-256 of the canonical request (lib/external-api/request-hash.ts); null: stored before 0021
    requestHash: text("request_hash"),
    // pending | done
    status: text("status").notNull().default("pending"),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", tz).notNull(),
  },
  (t) => [
    unique("api_idempotency_keys_connection_key_unique").on(t.whatsappId, t.key),
    // the sweep of expired keys
    index("api_idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Signed webhook deliveries (lib/webhooks), an outbox written in the transaction of the event:
 * delivered at least once with the stable `eventId` (X-Webhook-Id), retried with backoff for 24 h.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: companyIdColumn(),
    whatsappId: integer("whatsapp_id")
      .notNull()
      .references(() => whatsapps.id, { onDelete: "cascade" }),
    eventId: text("event_id").notNull().unique(),
    event: text("event").notNull(),
    payload: jsonb("payload").notNull(),
    // pending | delivered | failed
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", tz).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", tz),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", tz),
    createdAt: createdAt(),
  },
  (t) => [
    // the sender's queue: pending deliveries by next attempt
    index("webhook_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // the last 50 deliveries of a connection (the connection dialog)
    index("webhook_deliveries_connection_idx").on(t.whatsappId, t.createdAt.desc()),
  ],
);
