import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";
import { plans } from "./plans";

/** Invoices of a company's subscription (/financeiro). */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    detail: text("detail").notNull().default(""),
    // open or paid; "overdue" is derived from due_date
    status: text("status").notNull().default("open"),
    value: numeric("value", { precision: 12, scale: 2, mode: "number" }).notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    paidAt: timestamp("paid_at", tz),
    // the plan this invoice pays for: paying it moves the company to that plan
    planId: integer("plan_id").references(() => plans.id, { onDelete: "set null" }),
    // payment provider transaction id (Pix txid) and which provider holds the charge
    txId: text("tx_id"),
    provider: text("provider"),
    // the charge's copy-paste code and its expiry, so reopening Pay shows the same charge
    pixCode: text("pix_code"),
    chargeExpiresAt: timestamp("charge_expires_at", tz),
    ...timestamps(),
  },
  (t) => [
    // one invoice per company and period (the due date it pays); also GET /invoices/all's order
    unique("invoices_company_due_date_unique").on(t.companyId, t.dueDate),
    // the payment webhook finds the invoice by its charge
    uniqueIndex("invoices_tx_id_unique").on(t.txId),
  ],
);

/**
 * Billing mails and actions already done for a company's period (reminder 5 and 1 days before the
 * due date, the lock-out after it): the unique key makes each happen once however often the timed
 * job runs, on however many instances.
 */
export const billingNotices = pgTable(
  "billing_notices",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    kind: text("kind").notNull(),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique("billing_notices_company_kind_due_unique").on(t.companyId, t.kind, t.dueDate)],
);

/** The paid subscription of a company (checkout state). */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    companyId: companyIdColumn(),
    isActive: boolean("is_active").notNull().default(false),
    userPriceCents: integer("user_price_cents"),
    usersCount: integer("users_count"),
    connectionsCount: integer("connections_count"),
    lastInvoiceUrl: text("last_invoice_url"),
    lastPlanChange: timestamp("last_plan_change", tz),
    providerSubscriptionId: text("provider_subscription_id"),
    expiresAt: timestamp("expires_at", tz),
    ...timestamps(),
  },
  // the subscription of a company
  (t) => [index("subscriptions_company_idx").on(t.companyId)],
);
