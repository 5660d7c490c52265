import type { Db } from "@/db";
import { createUpcomingInvoices } from "./create-upcoming-invoices";
import { lockOutExpired } from "./lock-out-expired";
import { sendDueReminders } from "./send-due-reminders";

export type BillingTotals = { invoices: number; reminders: number; lockouts: number };

/**
 * The three timed billing parts in one pass (the embedded scheduler's; Inngest runs each as its own
 * function). Each is idempotent on its unique key, so running it often, or on several instances
 * beside Inngest, does each thing once.
 */
export async function runBilling(db: Db, now: Date, daysBefore: number): Promise<BillingTotals> {
  const invoices = await createUpcomingInvoices(db, now, daysBefore);
  const reminders = await sendDueReminders(db, now);
  const lockouts = await lockOutExpired(db, now);
  return { invoices, reminders, lockouts };
}
