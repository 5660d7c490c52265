import { getDb } from "@/db";
import { sendDueReminders } from "@/lib/invoices/send-due-reminders";
import { inngest } from "../client";

/**
 * Every hour: the reminder mail 5 days and 1 day before a company's due date, each once
 * (lib/invoices/send-due-reminders: billing_notices' unique key, written with the mail).
 */
export const sendDueRemindersHourly = inngest.createFunction(
  { id: "billing-send-reminders", name: "Billing: due date reminders", triggers: [{ cron: "0 * * * *" }] },
  async ({ step }) => {
    const clock = await step.run("clock", () => new Date().toISOString());
    const reminders = await step.run("send-reminders", () => sendDueReminders(getDb(), new Date(clock)));
    return { reminders };
  },
);
