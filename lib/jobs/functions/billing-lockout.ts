import { getDb } from "@/db";
import { lockOutExpired } from "@/lib/invoices/lock-out-expired";
import { inngest } from "../client";

/**
 * Every hour: companies past their due date are locked out once per due date: the notice, their
 * connections stopped, their open browsers told (lib/invoices/lock-out-expired).
 */
export const lockOutExpiredHourly = inngest.createFunction(
  { id: "billing-lock-out", name: "Billing: lock out companies past their due date", triggers: [{ cron: "0 * * * *" }] },
  async ({ step }) => {
    const clock = await step.run("clock", () => new Date().toISOString());
    const lockouts = await step.run("lock-out", () => lockOutExpired(getDb(), new Date(clock)));
    return { lockouts };
  },
);
