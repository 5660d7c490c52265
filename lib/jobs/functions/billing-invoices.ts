import { getDb } from "@/db";
import { createUpcomingInvoices } from "@/lib/invoices/create-upcoming-invoices";
import { getEnv } from "@/lib/env";
import { inngest } from "../client";

/**
 * Every hour: each company's invoice for its next period, INVOICE_DAYS_BEFORE_DUE days before its
 * due date (lib/invoices/create-upcoming-invoices: one per company and period by a unique key).
 * The clock is a step of its own, so a retry judges "today" as the first try did, and a test
 * replaces it instead of waiting for a date.
 */
export const createUpcomingInvoicesHourly = inngest.createFunction(
  { id: "billing-create-invoices", name: "Billing: invoices for the next period", triggers: [{ cron: "0 * * * *" }] },
  async ({ step }) => {
    const clock = await step.run("clock", () => new Date().toISOString());
    const invoices = await step.run("create-invoices", () => createUpcomingInvoices(getDb(), new Date(clock), getEnv().INVOICE_DAYS_BEFORE_DUE));
    return { invoices };
  },
);
