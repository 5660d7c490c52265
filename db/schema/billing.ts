import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { timestamps, tz } from "./columns";
import { companyIdColumn } from "./companies";

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
    // payment provider transaction id (Pix txid)
    txId: text("tx_id"),
    ...timestamps(),
  },
  // GET /invoices/all: invoices of a company by due date
  (t) => [index("invoices_company_due_date_idx").on(t.companyId, t.dueDate)],
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
